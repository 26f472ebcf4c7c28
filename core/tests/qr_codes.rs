//! QR codes read back with a real QR decoder (rqrr), as a phone camera would.

use jobtap_core::qr::{QR_MARGIN, QR_WIDTH_PX, QrError, qr_png, qr_svg};
use test_case::test_case;

const DOC_URL: &str = "https://jobtap.example/storage/v1/object/public/documents/\
                       6f1c2d3e-4a5b-4c6d-8e9f-0a1b2c3d4e5f/resume-1732000000000.pdf";

/// Decodes a PNG into (width, height, one byte per pixel: 0 black, 255 white).
fn pixels(png_bytes: &[u8]) -> (u32, u32, Vec<u8>) {
    let mut decoder = png::Decoder::new(std::io::Cursor::new(png_bytes));
    decoder.set_transformations(png::Transformations::EXPAND);
    let mut reader = decoder.read_info().expect("a valid PNG header");
    let mut buf = vec![0; reader.output_buffer_size().expect("a small image")];
    let info = reader.next_frame(&mut buf).expect("one frame");
    assert_eq!(info.color_type, png::ColorType::Grayscale);
    let bytes = buf[..info.line_size * info.height as usize]
        .chunks(info.line_size)
        .flat_map(|row| {
            row[..info.width as usize]
                .iter()
                .map(|&v| if v > 0 { 255 } else { 0 })
        })
        .collect();
    (info.width, info.height, bytes)
}

fn read_qr(png_bytes: &[u8]) -> String {
    let (width, height, luma) = pixels(png_bytes);
    let mut image =
        rqrr::PreparedImage::prepare_from_greyscale(width as usize, height as usize, |x, y| {
            luma[y * width as usize + x]
        });
    let grids = image.detect_grids();
    assert_eq!(grids.len(), 1, "exactly one QR code in the image");
    grids[0].decode().expect("a readable QR code").1
}

#[test]
fn the_dialog_constants_match_the_spec() {
    assert_eq!((QR_WIDTH_PX, QR_MARGIN), (300, 2));
}

#[test_case("https://jobtap.example/documents" ; "short url")]
#[test_case(DOC_URL ; "storage url")]
#[test_case("hello, world: ünïcödé too" ; "non-ascii text")]
fn png_decodes_back_to_the_same_text(data: &str) {
    let png_bytes = qr_png(data, QR_WIDTH_PX, QR_MARGIN).unwrap();
    assert_eq!(read_qr(&png_bytes), data);
}

#[test]
fn png_is_exactly_300_pixels_square_and_black_on_white() {
    let png_bytes = qr_png(DOC_URL, QR_WIDTH_PX, QR_MARGIN).unwrap();
    assert!(png_bytes.starts_with(b"\x89PNG\r\n\x1a\n"));
    let (width, height, luma) = pixels(&png_bytes);
    assert_eq!((width, height), (300, 300));
    assert!(luma.iter().all(|&v| v == 0 || v == 255));
    // Corners are quiet zone or padding: white.
    for (x, y) in [(0, 0), (299, 0), (0, 299), (299, 299)] {
        assert_eq!(luma[y * 300 + x], 255, "corner ({x}, {y})");
    }
}

#[test]
fn png_modules_are_whole_pixels_and_centred() {
    let png_bytes = qr_png(DOC_URL, QR_WIDTH_PX, QR_MARGIN).unwrap();
    let (width, _, luma) = pixels(&png_bytes);
    let w = width as usize;
    let dark_columns: Vec<usize> = (0..w)
        .filter(|&x| (0..w).any(|y| luma[y * w + x] == 0))
        .collect();
    let (left, right) = (dark_columns[0], *dark_columns.last().unwrap());
    let dark_width = right - left + 1;
    // The finder pattern is 7 modules wide: its dark run in the top row gives the scale.
    let top = (0..w).find(|&y| luma[y * w + left] == 0).unwrap();
    let finder = (left..w).take_while(|&x| luma[top * w + x] == 0).count();
    assert_eq!(finder % 7, 0, "integer scale");
    let scale = finder / 7;
    assert_eq!(dark_width % scale, 0);
    // Equal white on both sides (to within a pixel of odd padding).
    assert!(
        left.abs_diff(w - 1 - right) <= 1,
        "left {left}, right {}",
        w - 1 - right
    );
    // The quiet zone is at least the 2-module margin.
    assert!(left >= 2 * scale);
}

#[test]
fn a_300_character_url_still_fits_and_reads() {
    let url = format!("https://jobtap.example/d/{}", "a1b2c3d4e5".repeat(28));
    assert!(url.len() >= 300);
    let png_bytes = qr_png(&url, QR_WIDTH_PX, QR_MARGIN).unwrap();
    assert_eq!(read_qr(&png_bytes), url);
    assert!(qr_svg(&url, QR_MARGIN).is_ok());
}

#[test]
fn over_long_text_is_a_clear_error() {
    let text = "x".repeat(5_000);
    let err = qr_png(&text, QR_WIDTH_PX, QR_MARGIN).unwrap_err();
    assert_eq!(err, QrError::TooLong { len: 5_000 });
    assert_eq!(
        err.to_string(),
        "The text is too long for a QR code (5000 bytes)."
    );
    assert_eq!(
        qr_svg(&text, QR_MARGIN).unwrap_err(),
        QrError::TooLong { len: 5_000 }
    );
}

#[test]
fn empty_text_is_refused() {
    assert_eq!(qr_png("", QR_WIDTH_PX, QR_MARGIN), Err(QrError::Empty));
    assert_eq!(qr_svg("", QR_MARGIN), Err(QrError::Empty));
}

#[test]
fn an_image_narrower_than_the_code_is_refused() {
    // Version 1 is 21 modules, plus a margin of 2 on each side: 25.
    assert_eq!(
        qr_png("hi", 24, QR_MARGIN),
        Err(QrError::TooNarrow {
            width_px: 24,
            modules: 25
        })
    );
    assert!(qr_png("hi", 25, QR_MARGIN).is_ok());
}

#[test]
fn svg_has_a_viewbox_in_modules_and_one_path() {
    let svg = qr_svg("https://jobtap.example/documents", QR_MARGIN).unwrap();
    assert!(svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
    assert!(svg.ends_with("</svg>"));
    // "https://jobtap.example/documents" is 32 bytes: version 3 at level M (29 modules) + 2×2.
    assert!(svg.contains("viewBox=\"0 0 33 33\""), "{svg}");
    assert_eq!(svg.matches("<path").count(), 1);
    assert!(svg.contains("fill=\"#fff\""));
}

#[test]
fn svg_and_png_draw_the_same_modules() {
    let svg = qr_svg(DOC_URL, 0).unwrap();
    let d = svg
        .split(" d=\"")
        .nth(1)
        .unwrap()
        .split('"')
        .next()
        .unwrap();
    let size: usize = svg
        .split("viewBox=\"0 0 ")
        .nth(1)
        .unwrap()
        .split(' ')
        .next()
        .unwrap()
        .parse()
        .unwrap();
    let mut svg_dark = vec![false; size * size];
    for rect in d.split('z').filter(|r| !r.is_empty()) {
        // "M{x} {y}h{len}v1h-{len}"
        let rest = rect.strip_prefix('M').unwrap();
        let (xy, rest) = rest.split_once('h').unwrap();
        let (x, y) = xy.split_once(' ').unwrap();
        let (x, y): (usize, usize) = (x.parse().unwrap(), y.parse().unwrap());
        let len: usize = rest.split_once('v').unwrap().0.parse().unwrap();
        for i in x..x + len {
            svg_dark[y * size + i] = true;
        }
    }
    // One pixel per module, no margin: the PNG is the module grid itself.
    let png_bytes = qr_png(DOC_URL, size as u32, 0).unwrap();
    let (_, _, luma) = pixels(&png_bytes);
    let png_dark: Vec<bool> = luma.iter().map(|&v| v == 0).collect();
    assert_eq!(svg_dark, png_dark);
}
