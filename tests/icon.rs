//! `assets/tictactoe.png` is the 256 px rendering of `tictactoe::icon::icon_rgba`. This test decodes
//! the committed file and compares its pixels with freshly drawn ones; with `TICTACTOE_WRITE_ICON=1`
//! it (re)writes the file first.

use std::fs::File;
use std::io::BufWriter;
use std::path::{Path, PathBuf};

const SIZE: usize = 256;
const REGENERATE: &str = "regenerate it with: TICTACTOE_WRITE_ICON=1 cargo test --test icon";

fn icon_path() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("assets/tictactoe.png")
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
    if std::env::var_os("TICTACTOE_WRITE_ICON").is_some_and(|v| v == "1") {
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
