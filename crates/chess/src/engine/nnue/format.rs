//! The network's file: a header that names the format and the network's shape, the commands
//! that made the network, the integer weights, and a checksum. Reading checks every part, so a
//! file from another version of the trainer, a truncated copy or a flipped byte is refused
//! with a [`NetError`] instead of evaluating nonsense.
//!
//! | bytes | what |
//! |---|---|
//! | 8 | the magic `TABULANN` |
//! | 4 | the format version, 3 (read too: version 2, without the number of buckets, which is then 1, and version 1, without `made by` text either) |
//! | 4 x 6 | inputs, hidden neurons, `QA`, `QB`, `SCALE`, output buckets B (1 to [`MAX_BUCKETS`]; not in versions 1 and 2) |
//! | 4 + n | `made by`: its length n (at most [`MADE_BY_MAX`]) and UTF-8 text, the commands that made the network |
//! | 2 x inputs x hidden | the hidden layer's weights, one row of `hidden` per input (`i16`) |
//! | 2 x hidden | the hidden layer's biases (`i16`) |
//! | B x 2 x 2 x hidden | per bucket, the output weights: side to move, then the other side (`i16`) |
//! | B x 4 | per bucket, the output bias (`i32`) |
//! | 8 | FNV-1a (64-bit) of every byte before it |
//!
//! Numbers are little-endian.

use super::network::Network;
use super::{HIDDEN, INPUTS, MAX_BUCKETS, QA, QB, SCALE};

/// The first bytes of every network file.
pub const MAGIC: [u8; 8] = *b"TABULANN";
/// The format version this code writes (it reads this one and versions 1 and 2).
pub const VERSION: u32 = 3;
/// The first version, without the `made by` text (and one output bucket).
const VERSION_1: u32 = 1;
/// The header's length in bytes up to the number of buckets (versions 1 and 2 end there).
const HEADER: usize = 8 + 4 + 4 * 5;
/// The longest `made by` text a file holds, in bytes: a few dozen commands.
pub const MADE_BY_MAX: usize = 16 * 1024;

/// Why a network file was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum NetError {
    /// Not a network file at all.
    #[error("not a Tabula network file (it does not start with TABULANN)")]
    Magic,
    /// A network file of another format version.
    #[error("network format version {found}, this engine reads versions 1 to {VERSION}")]
    Version {
        /// The version in the file.
        found: u32,
    },
    /// A network of another shape or scale than this engine's.
    #[error("the network's {what} is {found}, this engine's is {expected}")]
    Shape {
        /// Which number differs.
        what: &'static str,
        /// The file's.
        found: u32,
        /// This engine's.
        expected: u32,
    },
    /// A number of output buckets outside 1 to [`MAX_BUCKETS`].
    #[error("the network has {0} output buckets, this engine reads 1 to {MAX_BUCKETS}")]
    Buckets(u32),
    /// The `made by` text is longer than [`MADE_BY_MAX`] or not UTF-8.
    #[error("the network's `made by` text is {0}")]
    MadeBy(&'static str),
    /// Shorter or longer than its shape says.
    #[error("the network file has {found} bytes, its header says {expected}")]
    Length {
        /// The file's length.
        found: usize,
        /// The length its header implies.
        expected: usize,
    },
    /// The checksum does not match the contents (a damaged file).
    #[error("the network file is damaged: its checksum does not match its contents")]
    Checksum,
    /// Weights so large that an evaluation could overflow the integers.
    #[error("the network's {0} could overflow; it was not quantised for this engine")]
    Overflow(&'static str),
}

/// FNV-1a, 64-bit: a small checksum that any single changed byte alters.
pub fn checksum(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

/// The length of the weights, the output biases and the checksum for `hidden` neurons and
/// `buckets` output buckets.
fn length(inputs: usize, hidden: usize, buckets: usize) -> usize {
    2 * inputs * hidden + 2 * hidden + buckets * (4 * hidden + 4) + 8
}

/// The integer weights of a network of `hidden` neurons, in the file's order.
pub struct Weights<'a> {
    /// Neurons of the hidden layer.
    pub hidden: usize,
    /// One row of `hidden` per input.
    pub rows: &'a [i16],
    /// The hidden layer's biases.
    pub bias: &'a [i16],
    /// Per output bucket, the output weights, side to move then the other side.
    pub out: &'a [i16],
    /// Per output bucket, the output bias (as many as there are buckets).
    pub out_bias: &'a [i32],
}

/// Writes a network and the text saying what made it (cut to [`MADE_BY_MAX`] bytes at a
/// character's edge).
pub fn write(w: &Weights, made_by: &str) -> Vec<u8> {
    let mut end = made_by.len().min(MADE_BY_MAX);
    while !made_by.is_char_boundary(end) {
        end -= 1;
    }
    let made_by = &made_by.as_bytes()[..end];
    let Weights {
        hidden,
        rows,
        bias,
        out,
        out_bias,
    } = *w;
    let buckets = out_bias.len();
    let mut b = Vec::with_capacity(HEADER + 8 + made_by.len() + length(INPUTS, hidden, buckets));
    b.extend_from_slice(&MAGIC);
    for n in [
        VERSION,
        INPUTS as u32,
        hidden as u32,
        QA as u32,
        QB as u32,
        SCALE as u32,
        buckets as u32,
    ] {
        b.extend_from_slice(&n.to_le_bytes());
    }
    b.extend_from_slice(&(made_by.len() as u32).to_le_bytes());
    b.extend_from_slice(made_by);
    for w in rows.iter().chain(bias).chain(out) {
        b.extend_from_slice(&w.to_le_bytes());
    }
    for bias in out_bias {
        b.extend_from_slice(&bias.to_le_bytes());
    }
    let sum = checksum(&b);
    b.extend_from_slice(&sum.to_le_bytes());
    b
}

fn u32_at(bytes: &[u8], at: usize) -> u32 {
    let mut w = [0u8; 4];
    w.copy_from_slice(&bytes[at..at + 4]);
    u32::from_le_bytes(w)
}

impl Network {
    /// Reads a network file, checking its header, length, checksum and that its weights cannot
    /// overflow this engine's integers.
    pub fn from_bytes(bytes: &[u8]) -> Result<Network, NetError> {
        if bytes.len() < HEADER || bytes[..8] != MAGIC {
            return Err(NetError::Magic);
        }
        let version = u32_at(bytes, 8);
        if !(VERSION_1..=VERSION).contains(&version) {
            return Err(NetError::Version { found: version });
        }
        let expected = [
            ("number of inputs", INPUTS as u32),
            ("number of hidden neurons", HIDDEN as u32),
            ("QA", QA as u32),
            ("QB", QB as u32),
            ("SCALE", SCALE as u32),
        ];
        for (i, (what, expected)) in expected.into_iter().enumerate() {
            let found = u32_at(bytes, 12 + 4 * i);
            if found != expected {
                return Err(NetError::Shape {
                    what,
                    found,
                    expected,
                });
            }
        }
        // version 3 has the number of buckets (versions 1 and 2: one)
        let (buckets, text_at) = if version == VERSION {
            if bytes.len() < HEADER + 4 {
                return Err(NetError::Length {
                    found: bytes.len(),
                    expected: HEADER + 8 + length(INPUTS, HIDDEN, 1),
                });
            }
            let b = u32_at(bytes, HEADER);
            if !(1..=MAX_BUCKETS as u32).contains(&b) {
                return Err(NetError::Buckets(b));
            }
            (b as usize, HEADER + 4)
        } else {
            (1, HEADER)
        };
        // version 1 has no `made by` text; later ones its length, then the text
        let (made_by, weights_at) = if version == VERSION_1 {
            (0..0, text_at)
        } else {
            if bytes.len() < text_at + 4 {
                return Err(NetError::Length {
                    found: bytes.len(),
                    expected: text_at + 4 + length(INPUTS, HIDDEN, buckets),
                });
            }
            let n = u32_at(bytes, text_at) as usize;
            if n > MADE_BY_MAX {
                return Err(NetError::MadeBy("longer than 16 KiB"));
            }
            (text_at + 4..text_at + 4 + n, text_at + 4 + n)
        };
        let expected = weights_at + length(INPUTS, HIDDEN, buckets);
        if bytes.len() != expected {
            return Err(NetError::Length {
                found: bytes.len(),
                expected,
            });
        }
        let (body, sum) = bytes.split_at(expected - 8);
        if checksum(body) != u64::from_le_bytes(sum.try_into().map_err(|_| NetError::Checksum)?) {
            return Err(NetError::Checksum);
        }
        let made_by = std::str::from_utf8(&bytes[made_by])
            .map_err(|_| NetError::MadeBy("not UTF-8"))?
            .to_string();
        let mut words = body[weights_at..]
            .chunks_exact(2)
            .map(|c| i16::from_le_bytes([c[0], c[1]]));
        let mut take = || words.next().unwrap_or(0);
        let mut rows = vec![[0i16; HIDDEN]; INPUTS].into_boxed_slice();
        for row in rows.iter_mut() {
            row.iter_mut().for_each(|w| *w = take());
        }
        let mut bias = [0i16; HIDDEN];
        bias.iter_mut().for_each(|w| *w = take());
        let mut out = vec![[[0i16; HIDDEN]; 2]; buckets];
        out.iter_mut().flatten().flatten().for_each(|w| *w = take());
        let out_bias = body[body.len() - 4 * buckets..]
            .chunks_exact(4)
            .map(|c| i32::from_le_bytes([c[0], c[1], c[2], c[3]]))
            .collect();
        let net = Network {
            rows,
            bias,
            out,
            out_bias,
            made_by,
        };
        let (hidden, output) = net.bounds();
        if hidden > i64::from(i16::MAX) {
            return Err(NetError::Overflow("hidden-layer sums"));
        }
        if output > i64::from(i32::MAX) {
            return Err(NetError::Overflow("output sum"));
        }
        Ok(net)
    }

    /// The network as a file ([`Network::from_bytes`] reads it back).
    pub fn to_bytes(&self) -> Vec<u8> {
        let rows: Vec<i16> = self.rows.iter().flatten().copied().collect();
        let out: Vec<i16> = self.out.iter().flatten().flatten().copied().collect();
        let weights = Weights {
            hidden: HIDDEN,
            rows: &rows,
            bias: &self.bias,
            out: &out,
            out_bias: &self.out_bias,
        };
        write(&weights, &self.made_by)
    }
}
