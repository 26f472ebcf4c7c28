//! QR codes for a document's public link (My Documents' QR dialog), as PNG or SVG.
//!
//! Error correction is level M, the usual default of QR libraries: it survives a
//! smudged print yet keeps the code small enough for a ~300-character URL.

use std::fmt::Write as _;

use qrcode::{Color, EcLevel, QrCode};

/// Width of the dialog's QR image in pixels (spec §9: "image 300 wide").
pub const QR_WIDTH_PX: u32 = 300;
/// Quiet zone around the code, in modules (spec §9: "margin 2").
pub const QR_MARGIN: u32 = 2;

/// Why a QR code could not be made.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum QrError {
    /// There is nothing to encode.
    #[error("There is no text to put in the QR code.")]
    Empty,
    /// The text does not fit even the largest QR code.
    #[error("The text is too long for a QR code ({len} bytes).")]
    TooLong { len: usize },
    /// The image is narrower than one pixel per module.
    #[error("A {width_px} px image cannot hold a QR code {modules} modules wide.")]
    TooNarrow { width_px: u32, modules: u32 },
    /// The encoder refused the text for another reason.
    #[error("The QR code could not be made: {0}.")]
    Encode(String),
}

/// The module grid: `width` × `width` modules, `true` for dark, without the quiet zone.
struct Matrix {
    width: u32,
    dark: Vec<bool>,
}

impl Matrix {
    fn encode(data: &str) -> Result<Self, QrError> {
        if data.is_empty() {
            return Err(QrError::Empty);
        }
        let code = QrCode::with_error_correction_level(data, EcLevel::M).map_err(|e| match e {
            qrcode::types::QrError::DataTooLong => QrError::TooLong { len: data.len() },
            other => QrError::Encode(other.to_string()),
        })?;
        let width = code.width() as u32;
        let dark = code
            .into_colors()
            .into_iter()
            .map(|c| c == Color::Dark)
            .collect();
        Ok(Self { width, dark })
    }

    /// Modules across, quiet zone included.
    fn with_margin(&self, margin_modules: u32) -> u32 {
        self.width.saturating_add(margin_modules.saturating_mul(2))
    }

    fn is_dark(&self, x: u32, y: u32) -> bool {
        self.dark[(y * self.width + x) as usize]
    }
}

/// A black-on-white PNG of `data`, exactly `width_px` square, with a quiet zone of
/// `margin_modules`. Each module is a whole number of pixels (crisp edges); the code
/// is centred and any remainder is white padding.
pub fn qr_png(data: &str, width_px: u32, margin_modules: u32) -> Result<Vec<u8>, QrError> {
    let matrix = Matrix::encode(data)?;
    let modules = matrix.with_margin(margin_modules);
    let scale = width_px / modules;
    if scale == 0 {
        return Err(QrError::TooNarrow { width_px, modules });
    }
    let offset = (width_px - modules * scale) / 2 + margin_modules * scale;
    let module_at = |px: u32| -> Option<u32> {
        let m = px.checked_sub(offset)? / scale;
        (m < matrix.width).then_some(m)
    };

    // 1-bit greyscale: 0 is black, 1 is white, most significant bit first.
    let row_bytes = width_px.div_ceil(8) as usize;
    let mut pixels = vec![0xFF_u8; row_bytes * width_px as usize];
    for py in 0..width_px {
        let Some(my) = module_at(py) else { continue };
        let row = &mut pixels[py as usize * row_bytes..][..row_bytes];
        for px in 0..width_px {
            if module_at(px).is_some_and(|mx| matrix.is_dark(mx, my)) {
                row[px as usize / 8] &= !(0x80 >> (px % 8));
            }
        }
    }

    Ok(png_gray1(width_px, width_px, row_bytes, &pixels))
}

/// A 1-bit greyscale PNG around packed rows of `row_bytes` bytes.
///
/// Written by hand with stored (uncompressed) deflate blocks: the image is ~12 KB,
/// and the `png` crate's encoder would add ~55 KB (gzipped) to the browser's wasm.
/// The tests decode it with the `png` crate and read it with a QR decoder.
fn png_gray1(width: u32, height: u32, row_bytes: usize, pixels: &[u8]) -> Vec<u8> {
    // Scanlines, each after a filter-type byte of 0 (none).
    let mut raw = Vec::with_capacity(pixels.len() + height as usize);
    for row in pixels.chunks(row_bytes) {
        raw.push(0);
        raw.extend_from_slice(row);
    }
    // zlib stream: header (deflate, 32K window, no dictionary), stored blocks, Adler-32.
    let mut zlib = Vec::with_capacity(raw.len() + raw.len() / 0xFFFF * 5 + 16);
    zlib.extend_from_slice(&[0x78, 0x01]);
    let blocks = raw.chunks(0xFFFF);
    let last = blocks.len().saturating_sub(1);
    for (i, block) in blocks.enumerate() {
        let len = block.len() as u16;
        zlib.push(u8::from(i == last));
        zlib.extend_from_slice(&len.to_le_bytes());
        zlib.extend_from_slice(&(!len).to_le_bytes());
        zlib.extend_from_slice(block);
    }
    zlib.extend_from_slice(&adler32(&raw).to_be_bytes());

    let mut header = Vec::with_capacity(13);
    header.extend_from_slice(&width.to_be_bytes());
    header.extend_from_slice(&height.to_be_bytes());
    // Bit depth 1, colour type 0 (greyscale), deflate, adaptive filtering, no interlace.
    header.extend_from_slice(&[1, 0, 0, 0, 0]);

    let mut out = Vec::with_capacity(zlib.len() + 64);
    out.extend_from_slice(b"\x89PNG\r\n\x1a\n");
    chunk(&mut out, *b"IHDR", &header);
    chunk(&mut out, *b"IDAT", &zlib);
    chunk(&mut out, *b"IEND", &[]);
    out
}

/// One PNG chunk: length, type, data, CRC-32 of type and data.
fn chunk(out: &mut Vec<u8>, kind: [u8; 4], data: &[u8]) {
    out.extend_from_slice(&(data.len() as u32).to_be_bytes());
    let start = out.len();
    out.extend_from_slice(&kind);
    out.extend_from_slice(data);
    let crc = crc32(&out[start..]);
    out.extend_from_slice(&crc.to_be_bytes());
}

/// CRC-32 (ISO-HDLC, as PNG uses), bit by bit: the images are small.
fn crc32(bytes: &[u8]) -> u32 {
    let mut crc = !0_u32;
    for &byte in bytes {
        crc ^= u32::from(byte);
        for _ in 0..8 {
            crc = (crc >> 1) ^ (0xEDB8_8320 & (crc & 1).wrapping_neg());
        }
    }
    !crc
}

fn adler32(bytes: &[u8]) -> u32 {
    let (mut a, mut b) = (1_u32, 0_u32);
    for &byte in bytes {
        a = (a + u32::from(byte)) % 65_521;
        b = (b + a) % 65_521;
    }
    (b << 16) | a
}

/// A compact SVG of `data`: a white background and one path of dark modules, with
/// the viewBox in modules (quiet zone included) so it scales to any size.
pub fn qr_svg(data: &str, margin_modules: u32) -> Result<String, QrError> {
    let matrix = Matrix::encode(data)?;
    let size = matrix.with_margin(margin_modules);
    let mut svg = String::with_capacity(64 + matrix.dark.len());
    // `write!` into a String cannot fail.
    let _ = write!(
        svg,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {size} {size}\" \
         shape-rendering=\"crispEdges\"><rect width=\"{size}\" height=\"{size}\" fill=\"#fff\"/>\
         <path fill=\"#000\" d=\""
    );
    // One rectangle per horizontal run of dark modules.
    for y in 0..matrix.width {
        let mut x = 0;
        while x < matrix.width {
            if !matrix.is_dark(x, y) {
                x += 1;
                continue;
            }
            let start = x;
            while x < matrix.width && matrix.is_dark(x, y) {
                x += 1;
            }
            let _ = write!(
                svg,
                "M{} {}h{}v1h-{}z",
                start.saturating_add(margin_modules),
                y.saturating_add(margin_modules),
                x - start,
                x - start
            );
        }
    }
    svg.push_str("\"/></svg>");
    Ok(svg)
}
