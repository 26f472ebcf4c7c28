//! Whole-file byte scans, eight bytes at a time (SWAR): wasm32 has no SIMD by default, and these
//! passes run over every byte of files up to tens of megabytes.

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

const fn is_control(b: u8) -> bool {
    (b < 0x20 && b != b'\t' && b != b'\n' && b != b'\r') || b == 0x7F
}

/// True if any byte is a control character other than tab, CR and LF (NUL, DEL, escape, …).
pub fn has_control_bytes(bytes: &[u8]) -> bool {
    let (words, rest) = bytes.as_chunks::<8>();
    let mut found = 0;
    for word in words {
        let x = u64::from_le_bytes(*word);
        let below_space = zero_bytes(x & (ONES * 0xE0));
        let allowed = equal_bytes(x, b'\t') | equal_bytes(x, b'\n') | equal_bytes(x, b'\r');
        found |= (below_space & !allowed) | equal_bytes(x, 0x7F);
    }
    found != 0 || rest.iter().any(|&b| is_control(b))
}

/// How many `\n` bytes there are.
pub fn count_newlines(bytes: &[u8]) -> usize {
    let (words, rest) = bytes.as_chunks::<8>();
    let in_words: usize = words
        .iter()
        .map(|word| equal_bytes(u64::from_le_bytes(*word), b'\n').count_ones() as usize)
        .sum();
    in_words + rest.iter().map(|&b| usize::from(b == b'\n')).sum::<usize>()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn control_bytes_are_found_at_every_offset() {
        for bad in [0x00, 0x01, 0x08, 0x0B, 0x0C, 0x1B, 0x1F, 0x7F] {
            for len in 1..20 {
                for at in 0..len {
                    let mut bytes = vec![b'a'; len];
                    bytes[at] = bad;
                    assert!(has_control_bytes(&bytes), "{bad:#x} at {at} of {len}");
                }
            }
        }
    }

    #[test]
    fn text_bytes_are_not_control_bytes() {
        let all_text: Vec<u8> = (0..=255u8).filter(|&b| !is_control(b)).collect();
        for start in 0..8 {
            assert!(!has_control_bytes(&all_text[start..]));
        }
        assert!(!has_control_bytes(b"a,b\r\n\t\"c\"\n"));
    }

    #[test]
    fn newlines_are_counted_exactly() {
        for len in 0..40 {
            let bytes: Vec<u8> = (0..len)
                .map(|i| if i % 3 == 0 { b'\n' } else { 0x8A })
                .collect();
            let want = (0..len).filter(|i| i % 3 == 0).count();
            assert_eq!(count_newlines(&bytes), want);
        }
        assert_eq!(count_newlines(&[b'\n'; 64]), 64);
        assert_eq!(count_newlines(&[0x0B; 64]), 0);
    }
}
