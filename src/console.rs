//! The command line of a GUI-subsystem program on Windows. `tictactoe.exe` is built for the Windows
//! subsystem (no console window opens when it is double-clicked), so Windows gives it no console,
//! and `tictactoe.exe move …` or `--help` typed in cmd.exe or PowerShell would print nowhere.
//! [`attach_parent_console`] attaches it to the console of the shell that started it. Elsewhere it
//! does nothing.

/// When the program was given arguments (a subcommand, `--help`, `--version`, or the window's
/// options, whose errors must be seen too), attaches it to its parent's console, if the parent has
/// one: Win32 `AttachConsole(ATTACH_PARENT_PROCESS)`. Started without arguments (a double-click, a
/// shortcut) it leaves the program without a console. On other systems it does nothing.
pub fn attach_parent_console() {
    #[cfg(windows)]
    if std::env::args_os().len() > 1 {
        use windows_sys::Win32::System::Console::{AttachConsole, ATTACH_PARENT_PROCESS};
        // SAFETY: AttachConsole takes a process id and has no other precondition; it fails
        // harmlessly (no parent console, or already attached), and then the program runs without
        // one, as when double-clicked.
        unsafe {
            AttachConsole(ATTACH_PARENT_PROCESS);
        }
    }
}
