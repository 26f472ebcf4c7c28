//! Byte scans over files up to tens of megabytes: 16 bytes at a time with WebAssembly SIMD in the
//! browser, eight at a time in a `u64` (or as the compiler vectorises a plain loop) on the server.

/// What one pass over a text's bytes found.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Survey {
    /// A control character other than tab, CR and LF (NUL, DEL, escape, …): not a text file.
    pub control: bool,
    /// How many `\n` bytes there are.
    pub line_breaks: usize,
    /// Where the C1 controls and direction marks start, in bytes ([`crate::job_limits::hides_at`]),
    /// for UTF-8 text; usually none.
    pub hiding: Vec<usize>,
}

/// Looks at every byte once, 64 at a time: uploads are read in one pass where searches for
/// control bytes, line breaks and hiding characters each read megabytes. The 64 bytes that hold a
/// `C2` or `E2` byte (the lead bytes of hiding characters, and of en dashes, curly quotes and `£`)
/// are looked at again, marked byte by marked byte.
pub fn survey(bytes: &[u8]) -> Survey {
    const LEADS: [u8; 3] = [0xC2, 0xE2, 0xE2];
    let (runs, rest) = bytes.as_chunks::<64>();
    let mut found = Survey::default();
    let mut add = |start: usize, run: &[u8; 64]| {
        let (control, line_breaks, leads) = block::survey(run);
        found.control |= control;
        found.line_breaks += line_breaks as usize;
        if leads {
            let mut marked = byte_mask(run, LEADS);
            while marked != 0 {
                let at = start + marked.trailing_zeros() as usize;
                if crate::job_limits::hides_at(bytes, at) {
                    found.hiding.push(at);
                }
                marked &= marked - 1;
            }
        }
    };
    for (i, run) in runs.iter().enumerate() {
        add(64 * i, run);
    }
    if !rest.is_empty() {
        // Spaces are none of the three.
        let mut run = [b' '; 64];
        run[..rest.len()].copy_from_slice(rest);
        add(64 * runs.len(), &run);
    }
    found
}

/// 16 bytes at a time: WebAssembly SIMD in the browser.
#[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
mod block {
    use core::arch::wasm32::{
        u8x16_bitmask, u8x16_eq, u8x16_lt, u8x16_splat, v128, v128_andnot, v128_any_true, v128_or,
    };

    fn load(block: &[u8; 16]) -> v128 {
        bytemuck::cast(*block)
    }

    pub fn byte_mask(block: &[u8; 64], [a, b, c]: [u8; 3]) -> u64 {
        let (a, b, c) = (u8x16_splat(a), u8x16_splat(b), u8x16_splat(c));
        let (quarters, _) = block.as_chunks::<16>();
        quarters.iter().enumerate().fold(0, |mask, (i, quarter)| {
            let x = load(quarter);
            let hits = v128_or(v128_or(u8x16_eq(x, a), u8x16_eq(x, b)), u8x16_eq(x, c));
            mask | u64::from(u8x16_bitmask(hits)) << (16 * i)
        })
    }

    /// Whether `run` holds a control byte, its line breaks, and whether it holds a `C2` or `E2`.
    pub fn survey(run: &[u8; 64]) -> (bool, u32, bool) {
        let (blocks, _) = run.as_chunks::<16>();
        let (mut control, mut leads, mut line_breaks) = (u8x16_splat(0), u8x16_splat(0), 0);
        for block in blocks {
            let x = load(block);
            let below_space = u8x16_lt(x, u8x16_splat(0x20));
            let line_break = u8x16_eq(x, u8x16_splat(b'\n'));
            let allowed = v128_or(
                v128_or(u8x16_eq(x, u8x16_splat(b'\t')), line_break),
                u8x16_eq(x, u8x16_splat(b'\r')),
            );
            let delete = u8x16_eq(x, u8x16_splat(0x7F));
            control = v128_or(control, v128_or(v128_andnot(below_space, allowed), delete));
            leads = v128_or(
                leads,
                v128_or(
                    u8x16_eq(x, u8x16_splat(0xC2)),
                    u8x16_eq(x, u8x16_splat(0xE2)),
                ),
            );
            line_breaks += u8x16_bitmask(line_break).count_ones();
        }
        (v128_any_true(control), line_breaks, v128_any_true(leads))
    }
}

/// Eight bytes at a time in a `u64` (SWAR) elsewhere.
#[cfg(not(all(target_arch = "wasm32", target_feature = "simd128")))]
mod block {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const LOW7: u64 = 0x7F7F_7F7F_7F7F_7F7F;

    /// The high bit of each byte of `x` that is zero, exactly (no borrow between bytes).
    const fn zero_bytes(x: u64) -> u64 {
        !(((x & LOW7) + LOW7) | x | LOW7)
    }

    /// The high bit of each byte of `x` equal to `byte`.
    const fn equal_bytes(x: u64, byte: u8) -> u64 {
        zero_bytes(x ^ (ONES * byte as u64))
    }

    pub fn byte_mask(block: &[u8; 64], [a, b, c]: [u8; 3]) -> u64 {
        block.iter().enumerate().fold(0, |mask, (i, &x)| {
            mask | u64::from(x == a || x == b || x == c) << i
        })
    }

    /// Whether `run` holds a control byte, its line breaks, and whether it holds a `C2` or `E2`.
    pub fn survey(run: &[u8; 64]) -> (bool, u32, bool) {
        let (words, _) = run.as_chunks::<8>();
        let (mut control, mut leads, mut line_breaks) = (0, 0, 0);
        for word in words {
            let x = u64::from_le_bytes(*word);
            let below_space = zero_bytes(x & (ONES * 0xE0));
            let line_break = equal_bytes(x, b'\n');
            let allowed = equal_bytes(x, b'\t') | line_break | equal_bytes(x, b'\r');
            control |= (below_space & !allowed) | equal_bytes(x, 0x7F);
            leads |= equal_bytes(x, 0xC2) | equal_bytes(x, 0xE2);
            line_breaks += line_break.count_ones();
        }
        (control != 0, line_breaks, leads != 0)
    }
}

/// Bit `i` set where `block[i]` is one of `targets`.
pub fn byte_mask(block: &[u8; 64], targets: [u8; 3]) -> u64 {
    block::byte_mask(block, targets)
}

/// Bit `i` set where `bytes[i]` is one of `targets`, for the first 64 bytes (fewer at the end).
pub fn byte_mask_from(bytes: &[u8], targets: [u8; 3]) -> u64 {
    if let Some(block) = bytes.first_chunk::<64>() {
        return byte_mask(block, targets);
    }
    let mut block = [0; 64];
    block[..bytes.len()].copy_from_slice(bytes);
    // The padding's bits are cleared, whatever the targets.
    byte_mask(&block, targets) & ((1 << bytes.len()) - 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    const fn is_control(b: u8) -> bool {
        (b < 0x20 && b != b'\t' && b != b'\n' && b != b'\r') || b == 0x7F
    }

    #[test]
    fn control_bytes_are_found_at_every_offset() {
        for bad in [0x00, 0x01, 0x08, 0x0B, 0x0C, 0x1B, 0x1F, 0x7F] {
            for len in 1..150 {
                for at in 0..len {
                    let mut bytes = vec![b'a'; len];
                    bytes[at] = bad;
                    assert!(survey(&bytes).control, "{bad:#x} at {at} of {len}");
                }
            }
        }
    }

    #[test]
    fn text_bytes_are_not_control_bytes() {
        let all_text: Vec<u8> = (0..=255u8).filter(|&b| !is_control(b)).collect();
        for start in 0..8 {
            assert!(!survey(&all_text[start..]).control);
        }
        assert!(!survey(b"a,b\r\n\t\"c\"\n").control);
    }

    #[test]
    fn byte_masks_mark_the_targets_and_nothing_past_the_end() {
        let bytes: Vec<u8> = (0..200u8)
            .map(|i| [b'a', b',', b'\n', 0, b'\r'][usize::from(i % 5)])
            .collect();
        for start in 0..bytes.len() {
            let mask = byte_mask_from(&bytes[start..], [b',', b'\n', b'\r']);
            let want = bytes[start..]
                .iter()
                .take(64)
                .enumerate()
                .filter(|&(_, &b)| b == b',' || b == b'\n' || b == b'\r')
                .fold(0u64, |m, (i, _)| m | 1 << i);
            assert_eq!(mask, want, "from {start}");
            // A zero target never marks the padding of a short tail.
            let zeros = byte_mask_from(&bytes[start..], [0, 0, 0]);
            assert_eq!(
                zeros.count_ones() as usize,
                bytes[start..].iter().take(64).filter(|&&b| b == 0).count()
            );
        }
    }

    #[test]
    fn hiding_characters_are_found_in_every_block_and_typography_is_not() {
        let mut text = String::new();
        let mut want = Vec::new();
        for i in 0..60 {
            text.push_str(&"x".repeat(i % 7));
            text.push_str(["–", "“", "£", "é"][i % 4]);
            if i % 3 == 0 {
                want.push(text.len());
                text.push(['\u{85}', '\u{202E}', '\u{2066}', '\u{9F}'][i % 4]);
            }
        }
        assert_eq!(survey(text.as_bytes()).hiding, want);
        let by_search: Vec<usize> = crate::job_limits::hiding_characters(text.as_bytes()).collect();
        assert_eq!(by_search, want);
        assert!(survey(b"").hiding.is_empty());
    }

    fn lines_and_hiding(bytes: &[u8]) -> (usize, Vec<usize>) {
        let survey = survey(bytes);
        (survey.line_breaks, survey.hiding)
    }

    #[test]
    fn line_breaks_are_counted_exactly_and_hiding_characters_found_anywhere() {
        for len in 0..150 {
            let bytes: Vec<u8> = (0..len)
                .map(|i| if i % 3 == 0 { b'\n' } else { b'a' })
                .collect();
            let want = (0..len).filter(|i| i % 3 == 0).count();
            assert_eq!(lines_and_hiding(&bytes), (want, vec![]));
            for at in 0..=len {
                for hiding in ["\u{85}", "\u{202E}"] {
                    let mut marked = bytes.clone();
                    marked.splice(at..at, hiding.bytes());
                    assert_eq!(
                        lines_and_hiding(&marked),
                        (want, vec![at]),
                        "{hiding:?} at {at} of {len}"
                    );
                }
            }
        }
        assert_eq!(lines_and_hiding(&[b'\n'; 64]), (64, vec![]));
        assert_eq!(lines_and_hiding("é€£–“".as_bytes()), (0, vec![]));
    }
}
