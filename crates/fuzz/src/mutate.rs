//! The mutator: turns a seed input into a nearby one, as libFuzzer's and AFL's mutators do
//! (flip, insert, delete, duplicate, splice, and the target's own tokens), from a seeded
//! generator so a run can be repeated exactly.

use tabula_core::rng::{ChaCha8Rng, Rng};

/// Bytes that often sit on parsers' edges.
const INTERESTING: &[u8] = &[
    0, 1, 0x7f, 0x80, 0xff, b'"', b'\\', b'/', b'-', b':', b' ', b'\n', b'0', b'9', b'{', b'}',
    b'[', b']', b',', b'.',
];

/// Numbers that often sit on integer edges.
const NUMBERS: &[&str] = &[
    "0",
    "-1",
    "255",
    "256",
    "65535",
    "4294967295",
    "4294967296",
    "4294967297",
    "18446744073709551615",
    "18446744073709551616",
    "1e308",
    "-0",
    "9999999999999999999999",
];

/// Mutates `input` in place with one to eight random operations; `corpus` is spliced from and
/// `dictionary` inserted.
pub fn mutate(rng: &mut ChaCha8Rng, input: &mut Vec<u8>, corpus: &[Vec<u8>], dictionary: &[&str]) {
    let ops = rng.random_range(1..=8);
    for _ in 0..ops {
        let len = input.len();
        match rng.random_range(0..10) {
            0 if len > 0 => {
                let i = rng.random_range(0..len);
                input[i] ^= 1 << rng.random_range(0..8);
            }
            1 if len > 0 => {
                let i = rng.random_range(0..len);
                input[i] = INTERESTING[rng.random_range(0..INTERESTING.len())];
            }
            2 => {
                let i = rng.random_range(0..=len);
                input.insert(i, rng.random());
            }
            3 if len > 0 => {
                let i = rng.random_range(0..len);
                let n = rng.random_range(1..=(len - i).min(8));
                input.drain(i..i + n);
            }
            4 if len > 0 => {
                let i = rng.random_range(0..len);
                let n = rng.random_range(1..=(len - i).min(16));
                let copy: Vec<u8> = input[i..i + n].to_vec();
                let at = rng.random_range(0..=input.len());
                input.splice(at..at, copy);
            }
            5 | 6 if !dictionary.is_empty() => {
                let word = dictionary[rng.random_range(0..dictionary.len())].as_bytes();
                let at = rng.random_range(0..=len);
                input.splice(at..at, word.iter().copied());
            }
            7 => {
                let word = NUMBERS[rng.random_range(0..NUMBERS.len())].as_bytes();
                let at = rng.random_range(0..=len);
                input.splice(at..at, word.iter().copied());
            }
            8 if !corpus.is_empty() => {
                // splice: our head, another input's tail
                let other = &corpus[rng.random_range(0..corpus.len())];
                let cut = rng.random_range(0..=len);
                let from = rng.random_range(0..=other.len());
                input.truncate(cut);
                input.extend_from_slice(&other[from..]);
            }
            _ if len > 1 => {
                let i = rng.random_range(0..len);
                let j = rng.random_range(0..len);
                input.swap(i, j);
            }
            _ => input.push(rng.random()),
        }
    }
    input.truncate(4096);
}

#[cfg(test)]
mod tests {
    use super::*;
    use tabula_core::rng::seeded;

    #[test]
    fn the_same_seed_makes_the_same_mutants() {
        let run = |seed| {
            let mut rng = seeded(seed);
            let mut v = b"rbkqn/ppppp".to_vec();
            for _ in 0..50 {
                mutate(&mut rng, &mut v, &[b"abc".to_vec()], &["K", "q"]);
            }
            v
        };
        assert_eq!(run(7), run(7));
        assert_ne!(run(7), run(8));
    }
}
