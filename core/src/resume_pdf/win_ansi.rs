//! WinAnsiEncoding, the encoding of the standard fonts: what it can print, how text is
//! folded into it, and the fonts' advance widths.

const TAB: &str = "    ";

/// Folds `text` into what WinAnsiEncoding (Helvetica's standard encoding) can print:
/// curly quotes become straight ones (as ATS parsers expect), other dashes, spaces,
/// bullets and ligatures their nearest WinAnsi form, a combining accent joins its letter
/// ("e" + U+0301 → "é"), zero-width marks disappear, tabs become four spaces, line ends
/// become "\n", and anything else (an accent WinAnsi has no letter for, too) becomes "?"
/// ([`unprintable`] lists those characters, so the reader can be told).
pub fn to_win_ansi(text: &str) -> String {
    fold(text, |_| {})
}

/// The characters of `text` the standard fonts cannot print, each once in order of
/// appearance: [`to_win_ansi`] prints them as "?".
pub fn unprintable(text: &str) -> Vec<char> {
    let mut found = Vec::new();
    fold(text, |c| {
        if !found.contains(&c) {
            found.push(c);
        }
    });
    found
}

/// [`to_win_ansi`], telling `replaced` each character it prints as "?".
fn fold(text: &str, mut replaced: impl FnMut(char)) -> String {
    let mut out = String::with_capacity(text.len());
    let mut after_cr = false;
    for c in text.chars() {
        let was_cr = std::mem::replace(&mut after_cr, c == '\r');
        match c {
            '\n' if was_cr => {}
            '\n' | '\r' => out.push('\n'),
            '\t' => out.push_str(TAB),
            '\u{2018}' | '\u{2019}' | '\u{201A}' | '\u{201B}' | '\u{2032}' => out.push('\''),
            '\u{201C}' | '\u{201D}' | '\u{201E}' | '\u{201F}' | '\u{2033}' => out.push('"'),
            '\u{2010}' | '\u{2011}' | '\u{2012}' | '\u{2212}' => out.push('-'),
            '\u{2015}' => out.push('\u{2014}'),
            '\u{2000}'..='\u{200A}' | '\u{202F}' | '\u{205F}' | '\u{3000}' => out.push(' '),
            '\u{2023}' | '\u{2043}' | '\u{2219}' | '\u{25A0}' | '\u{25AA}' | '\u{25B8}'
            | '\u{25A1}' | '\u{25BA}' | '\u{25C6}' | '\u{25CB}' | '\u{25CF}' | '\u{25E6}'
            | '\u{2713}' | '\u{2714}' | '\u{27A2}' => out.push('\u{2022}'),
            '\u{FB00}' => out.push_str("ff"),
            '\u{FB01}' => out.push_str("fi"),
            '\u{FB02}' => out.push_str("fl"),
            '\u{FB03}' => out.push_str("ffi"),
            '\u{FB04}' => out.push_str("ffl"),
            '\u{0300}'..='\u{036F}' => {
                // A combining accent joins the letter before it when WinAnsi has the pair.
                if let Some(composed) = out.chars().last().and_then(|base| compose(base, c)) {
                    out.pop();
                    out.push(composed);
                } else {
                    replaced(c);
                    out.push('?');
                }
            }
            // Soft hyphen, zero-width characters, byte-order mark.
            '\u{00AD}' | '\u{200B}'..='\u{200D}' | '\u{2060}' | '\u{FEFF}' => {}
            c if c.is_control() => {}
            c if win_ansi_byte(c).is_some() => out.push(c),
            c => {
                replaced(c);
                out.push('?');
            }
        }
    }
    out
}

/// The WinAnsiEncoding byte for `c`, if it has one.
pub(super) fn win_ansi_byte(c: char) -> Option<u8> {
    let byte = match c {
        ' '..='~' | '\u{A0}'..='\u{FF}' => c as u8,
        '\u{20AC}' => 0x80,
        '\u{201A}' => 0x82,
        '\u{0192}' => 0x83,
        '\u{201E}' => 0x84,
        '\u{2026}' => 0x85,
        '\u{2020}' => 0x86,
        '\u{2021}' => 0x87,
        '\u{02C6}' => 0x88,
        '\u{2030}' => 0x89,
        '\u{0160}' => 0x8A,
        '\u{2039}' => 0x8B,
        '\u{0152}' => 0x8C,
        '\u{017D}' => 0x8E,
        '\u{2018}' => 0x91,
        '\u{2019}' => 0x92,
        '\u{201C}' => 0x93,
        '\u{201D}' => 0x94,
        '\u{2022}' => 0x95,
        '\u{2013}' => 0x96,
        '\u{2014}' => 0x97,
        '\u{02DC}' => 0x98,
        '\u{2122}' => 0x99,
        '\u{0161}' => 0x9A,
        '\u{203A}' => 0x9B,
        '\u{0153}' => 0x9C,
        '\u{017E}' => 0x9E,
        '\u{0178}' => 0x9F,
        _ => return None,
    };
    Some(byte)
}

/// Helvetica advance widths (1/1000 em) for WinAnsi bytes 0x20..=0xFF, from Adobe's
/// Core 14 AFM (Helvetica.afm, 1997). Bytes WinAnsi leaves undefined are 0.
#[rustfmt::skip]
const HELVETICA_WIDTHS: [u16; 224] = [
    278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278, // 0x20
    556, 556, 556, 556, 556, 556, 556, 556, 556, 556, 278, 278, 584, 584, 584, 556, // 0x30
    1015, 667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833, 722, 778, // 0x40
    667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278, 278, 278, 469, 556, // 0x50
    333, 556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556, // 0x60
    556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334, 260, 334, 584, 0,   // 0x70
    556, 0, 222, 556, 333, 1000, 556, 556, 333, 1000, 667, 333, 1000, 0, 611, 0,    // 0x80
    0, 222, 222, 333, 333, 350, 556, 1000, 333, 1000, 500, 333, 944, 0, 500, 667,   // 0x90
    278, 333, 556, 556, 556, 556, 260, 556, 333, 737, 370, 556, 584, 333, 737, 333, // 0xA0
    400, 584, 333, 333, 333, 556, 537, 278, 333, 333, 365, 556, 834, 834, 834, 611, // 0xB0
    667, 667, 667, 667, 667, 667, 1000, 722, 667, 667, 667, 667, 278, 278, 278, 278, // 0xC0
    722, 722, 778, 778, 778, 778, 778, 584, 778, 722, 722, 722, 722, 667, 667, 611, // 0xD0
    556, 556, 556, 556, 556, 556, 889, 500, 556, 556, 556, 556, 278, 278, 278, 278, // 0xE0
    556, 556, 556, 556, 556, 556, 556, 584, 611, 556, 556, 556, 556, 500, 556, 500, // 0xF0
];

/// Helvetica-Bold advance widths, as [`HELVETICA_WIDTHS`] (Helvetica-Bold.afm, 1997).
#[rustfmt::skip]
const HELVETICA_BOLD_WIDTHS: [u16; 224] = [
    278, 333, 474, 556, 556, 889, 722, 238, 333, 333, 389, 584, 278, 333, 278, 278, // 0x20
    556, 556, 556, 556, 556, 556, 556, 556, 556, 556, 333, 333, 584, 584, 584, 611, // 0x30
    975, 722, 722, 722, 722, 667, 611, 778, 722, 278, 556, 722, 611, 833, 722, 778, // 0x40
    667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 333, 278, 333, 584, 556, // 0x50
    333, 556, 611, 556, 611, 556, 333, 611, 611, 278, 278, 556, 278, 889, 611, 611, // 0x60
    611, 611, 389, 556, 333, 611, 556, 778, 556, 556, 500, 389, 280, 389, 584, 0,   // 0x70
    556, 0, 278, 556, 500, 1000, 556, 556, 333, 1000, 667, 333, 1000, 0, 611, 0,    // 0x80
    0, 278, 278, 500, 500, 350, 556, 1000, 333, 1000, 556, 333, 944, 0, 500, 667,   // 0x90
    278, 333, 556, 556, 556, 556, 280, 556, 333, 737, 370, 556, 584, 333, 737, 333, // 0xA0
    400, 584, 333, 333, 333, 611, 556, 278, 333, 333, 365, 556, 834, 834, 834, 611, // 0xB0
    722, 722, 722, 722, 722, 722, 1000, 722, 667, 667, 667, 667, 278, 278, 278, 278, // 0xC0
    722, 722, 778, 778, 778, 778, 778, 584, 778, 722, 722, 722, 722, 667, 667, 611, // 0xD0
    556, 556, 556, 556, 556, 556, 889, 556, 556, 556, 556, 556, 278, 278, 278, 278, // 0xE0
    611, 611, 611, 611, 611, 611, 611, 584, 611, 611, 611, 611, 611, 556, 611, 556, // 0xF0
];

/// Advance width of `c` (1/1000 em) in Helvetica or Helvetica-Bold; a character outside
/// WinAnsi counts as the "?" it is printed as.
pub(super) fn char_units(c: char, bold: bool) -> u32 {
    let byte = win_ansi_byte(c).unwrap_or(b'?');
    let table = if bold {
        &HELVETICA_BOLD_WIDTHS
    } else {
        &HELVETICA_WIDTHS
    };
    u32::from(table[usize::from(byte - 0x20)])
}

/// Letters and the combining accents that make a WinAnsi letter together.
const COMPOSED: &[(char, &str, &str)] = &[
    ('\u{0300}', "AEIOUaeiou", "ÀÈÌÒÙàèìòù"),
    ('\u{0301}', "AEIOUYaeiouy", "ÁÉÍÓÚÝáéíóúý"),
    ('\u{0302}', "AEIOUaeiou", "ÂÊÎÔÛâêîôû"),
    ('\u{0303}', "ANOano", "ÃÑÕãñõ"),
    ('\u{0308}', "AEIOUYaeiouy", "ÄËÏÖÜŸäëïöüÿ"),
    ('\u{030A}', "Aa", "Åå"),
    ('\u{030C}', "SZsz", "ŠŽšž"),
    ('\u{0327}', "Cc", "Çç"),
];

/// The WinAnsi letter `base` and the combining `accent` make, if there is one.
fn compose(base: char, accent: char) -> Option<char> {
    let (_, bases, composed) = COMPOSED.iter().find(|(mark, ..)| *mark == accent)?;
    let at = bases.chars().position(|b| b == base)?;
    composed.chars().nth(at)
}
