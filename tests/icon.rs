//! `assets/tictactoe.png` is the 256 px rendering of `tictactoe::icon::icon_rgba`, and
//! `assets/tictactoe.ico` (the Windows icon, embedded in `tictactoe.exe` by `build.rs`) holds its
//! renderings at [`ICO_SIZES`]. These tests decode the committed files and compare their pixels with
//! freshly drawn ones; with `TICTACTOE_WRITE_ICON=1` they (re)write the files first.

use std::fs::File;
use std::io::BufWriter;
use std::path::{Path, PathBuf};

const SIZE: usize = 256;
const REGENERATE: &str = "regenerate it with: TICTACTOE_WRITE_ICON=1 cargo test --test icon";

/// The sizes in the Windows icon: what Explorer, the taskbar and the title bar ask for at 100 % to
/// 200 % scaling.
const ICO_SIZES: [usize; 6] = [16, 24, 32, 48, 64, 256];

fn icon_path() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("assets/tictactoe.png")
}

fn ico_path() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("assets/tictactoe.ico")
}

fn regenerate() -> bool {
    std::env::var_os("TICTACTOE_WRITE_ICON").is_some_and(|v| v == "1")
}

fn write_png(path: &Path, rgba: &[u8], size: usize) {
    let file = File::create(path).unwrap_or_else(|e| panic!("create {}: {e}", path.display()));
    let mut encoder = png::Encoder::new(BufWriter::new(file), size as u32, size as u32);
    encoder.set_color(png::ColorType::Rgba);
    encoder.set_depth(png::BitDepth::Eight);
    encoder.set_compression(png::Compression::Best);
    let mut writer = encoder.write_header().expect("png header");
    writer.write_image_data(rgba).expect("png data");
    writer.finish().expect("png finish");
}

/// The PNG's pixels as RGBA, with its width and height.
fn read_png(path: &Path) -> (Vec<u8>, usize, usize) {
    let file = File::open(path).unwrap_or_else(|e| panic!("{}: {e}\n{REGENERATE}", path.display()));
    let mut decoder = png::Decoder::new(file);
    decoder.set_transformations(png::Transformations::EXPAND);
    let mut reader = decoder.read_info().expect("png header");
    let mut buf = vec![0; reader.output_buffer_size()];
    let info = reader.next_frame(&mut buf).expect("png data");
    buf.truncate(info.buffer_size());
    let (w, h) = (info.width as usize, info.height as usize);
    let rgba = match (info.color_type, info.bit_depth) {
        (png::ColorType::Rgba, png::BitDepth::Eight) => buf,
        (png::ColorType::Rgb, png::BitDepth::Eight) => buf
            .chunks(3)
            .flat_map(|p| [p[0], p[1], p[2], 255])
            .collect(),
        other => panic!(
            "{}: unexpected format {other:?}\n{REGENERATE}",
            path.display()
        ),
    };
    (rgba, w, h)
}

#[test]
fn icon_png_matches_the_code() {
    let path = icon_path();
    let fresh = tictactoe::icon::icon_rgba(SIZE);
    if regenerate() {
        write_png(&path, &fresh, SIZE);
        eprintln!("wrote {}", path.display());
    }
    let (committed, w, h) = read_png(&path);
    assert_eq!(
        (w, h),
        (SIZE, SIZE),
        "{} has the wrong size\n{REGENERATE}",
        path.display()
    );
    let differing = committed
        .chunks(4)
        .zip(fresh.chunks(4))
        .filter(|(a, b)| a != b)
        .count();
    assert!(
        differing == 0,
        "{} differs from tictactoe::icon::icon_rgba({SIZE}) in {differing} of {} pixels\n{REGENERATE}",
        path.display(),
        SIZE * SIZE
    );
}

#[test]
fn icon_ico_matches_the_code() {
    let path = ico_path();
    if regenerate() {
        let mut dir = ico::IconDir::new(ico::ResourceType::Icon);
        for size in ICO_SIZES {
            let image = ico::IconImage::from_rgba_data(
                size as u32,
                size as u32,
                tictactoe::icon::icon_rgba(size),
            );
            dir.add_entry(ico::IconDirEntry::encode(&image).expect("encode an icon entry"));
        }
        let file = File::create(&path).unwrap_or_else(|e| panic!("create {}: {e}", path.display()));
        dir.write(BufWriter::new(file)).expect("write the .ico");
        eprintln!("wrote {}", path.display());
    }
    let file =
        File::open(&path).unwrap_or_else(|e| panic!("{}: {e}\n{REGENERATE}", path.display()));
    let dir = ico::IconDir::read(file)
        .unwrap_or_else(|e| panic!("{}: {e}\n{REGENERATE}", path.display()));
    let sizes: Vec<usize> = dir.entries().iter().map(|e| e.width() as usize).collect();
    assert_eq!(
        sizes,
        ICO_SIZES,
        "{} holds other sizes\n{REGENERATE}",
        path.display()
    );
    for entry in dir.entries() {
        let size = entry.width() as usize;
        assert_eq!(
            entry.height() as usize,
            size,
            "a {size} px entry is not square"
        );
        let image = entry
            .decode()
            .unwrap_or_else(|e| panic!("{}: the {size} px entry: {e}", path.display()));
        assert!(
            image.rgba_data() == tictactoe::icon::icon_rgba(size).as_slice(),
            "{}: the {size} px entry differs from tictactoe::icon::icon_rgba({size})\n{REGENERATE}",
            path.display()
        );
    }
}
