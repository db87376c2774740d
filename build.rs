//! On a Windows target only: embeds the game's icon (`assets/tictactoe.ico`, drawn by `src/icon.rs`
//! and checked by `tests/icon.rs`) and its version information in `tictactoe.exe`, as Windows
//! resources compiled by mingw's `windres` (through `winresource`). On any other target it does
//! nothing.

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-changed=assets/tictactoe.ico");
    if std::env::var("CARGO_CFG_TARGET_OS").as_deref() != Ok("windows") {
        return;
    }
    let icon = concat!(env!("CARGO_MANIFEST_DIR"), "/assets/tictactoe.ico");
    let mut res = winresource::WindowsResource::new();
    res.set_icon(icon)
        .set("ProductName", "Tic-tac-toe")
        .set("FileDescription", "Tic-tac-toe")
        .set("Comments", env!("CARGO_PKG_DESCRIPTION"))
        .set("OriginalFilename", "tictactoe.exe")
        .set("InternalName", "tictactoe")
        .set("LegalCopyright", "MIT licence");
    if let Err(e) = res.compile_for("tictactoe") {
        panic!(
            "cannot embed the icon and version information ({e}); cross-building for Windows needs \
             mingw-w64's windres (Debian: gcc-mingw-w64-x86-64)"
        );
    }
}
