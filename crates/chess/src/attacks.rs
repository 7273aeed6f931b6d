//! Attack tables for one board geometry, built once.
//!
//! Knights, kings and pawns use a table per square. Rooks and bishops use magic bit-boards:
//! for each square, the squares whose occupancy matters (the rays without their last square)
//! are multiplied by a "magic" number whose top bits then index a table of attack sets. The
//! magic numbers are found here by a seeded random search, so they are the same on every run
//! and no table is copied from elsewhere; for 8x8 the search takes a few milliseconds.

use tabula_core::rng::{Rng, seeded};

const ROOK_DIRS: [(i8, i8); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
const BISHOP_DIRS: [(i8, i8); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];
const KNIGHT_JUMPS: [(i8, i8); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];
const KING_STEPS: [(i8, i8); 8] = [
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
    (-1, -1),
    (0, -1),
    (1, -1),
];

#[derive(Clone, Copy, Debug, Default)]
struct Magic {
    mask: u64,
    magic: u64,
    shift: u32,
    offset: usize,
}

/// Every attack table of one geometry.
#[derive(Debug)]
pub struct Tables {
    w: u8,
    n: usize,
    knight: Vec<u64>,
    king: Vec<u64>,
    pawn: [Vec<u64>; 2],
    rook: Vec<Magic>,
    bishop: Vec<Magic>,
    sliding: Vec<u64>,
    between: Vec<u64>,
    line: Vec<u64>,
}

impl Tables {
    /// Builds the tables of a `w` x `h` board (`w * h <= 64`).
    pub fn new(w: u8, h: u8) -> Tables {
        let n = w as usize * h as usize;
        assert!(n <= 64 && w >= 2 && h >= 2, "boards up to 64 squares");
        let geo = Geo {
            w: w as i8,
            h: h as i8,
        };
        let leap = |steps: &[(i8, i8)]| -> Vec<u64> {
            (0..n as u8)
                .map(|s| {
                    steps
                        .iter()
                        .filter_map(|&d| geo.offset(s, d))
                        .fold(0, |bb, t| bb | 1u64 << t)
                })
                .collect()
        };
        let knight = leap(&KNIGHT_JUMPS);
        let king = leap(&KING_STEPS);
        let pawn = [leap(&[(-1, 1), (1, 1)]), leap(&[(-1, -1), (1, -1)])];
        let mut sliding = Vec::new();
        let mut rng = seeded(0x007A_B01A_u64 ^ ((w as u64) << 8 | h as u64));
        // Stored magic numbers make start-up instant; any that fails to verify is searched for.
        let known = crate::magics::known(w, h);
        let mut build = |s: u8, dirs: &[(i8, i8)], stored: Option<u64>| {
            stored
                .and_then(|m| try_magic(&geo, s, dirs, m, &mut sliding))
                .unwrap_or_else(|| find_magic(&geo, s, dirs, &mut sliding, &mut rng))
        };
        let rook = (0..n as u8)
            .map(|s| build(s, &ROOK_DIRS, known.map(|k| k.0[s as usize])))
            .collect();
        let bishop = (0..n as u8)
            .map(|s| build(s, &BISHOP_DIRS, known.map(|k| k.1[s as usize])))
            .collect();
        let mut between = vec![0u64; n * n];
        let mut line = vec![0u64; n * n];
        for a in 0..n as u8 {
            for &d in ROOK_DIRS.iter().chain(BISHOP_DIRS.iter()) {
                let mut passed = 0u64;
                let mut cur = a;
                while let Some(b) = geo.offset(cur, d) {
                    between[a as usize * n + b as usize] = passed;
                    passed |= 1u64 << b;
                    cur = b;
                }
                // the whole line through a in direction d and its opposite
                let full = geo.ray(a, d, 0) | geo.ray(a, (-d.0, -d.1), 0) | 1u64 << a;
                // (the ray's squares one by one: geometry.rs builds on these tables, so this
                // file does not call back into it)
                let mut ray = geo.ray(a, d, 0);
                while ray != 0 {
                    line[a as usize * n + ray.trailing_zeros() as usize] = full;
                    ray &= ray - 1;
                }
            }
        }
        Tables {
            w,
            n,
            knight,
            king,
            pawn,
            rook,
            bishop,
            sliding,
            between,
            line,
        }
    }

    /// Board width.
    pub fn width(&self) -> u8 {
        self.w
    }

    /// Knight moves from `sq`.
    #[inline]
    pub fn knight(&self, sq: u8) -> u64 {
        self.knight[sq as usize]
    }

    /// King steps from `sq`.
    #[inline]
    pub fn king(&self, sq: u8) -> u64 {
        self.king[sq as usize]
    }

    /// Squares a pawn of `color` (0 white, 1 black) on `sq` attacks.
    #[inline]
    pub fn pawn(&self, color: usize, sq: u8) -> u64 {
        self.pawn[color][sq as usize]
    }

    #[inline]
    fn magic(&self, m: &Magic, occ: u64) -> u64 {
        let index = ((occ & m.mask).wrapping_mul(m.magic) >> m.shift) as usize;
        self.sliding[m.offset + index]
    }

    /// Rook attacks from `sq` with `occ` occupied (the first blocker included).
    #[inline]
    pub fn rook(&self, sq: u8, occ: u64) -> u64 {
        self.magic(&self.rook[sq as usize], occ)
    }

    /// Bishop attacks from `sq` with `occ` occupied.
    #[inline]
    pub fn bishop(&self, sq: u8, occ: u64) -> u64 {
        self.magic(&self.bishop[sq as usize], occ)
    }

    /// Queen attacks from `sq` with `occ` occupied.
    #[inline]
    pub fn queen(&self, sq: u8, occ: u64) -> u64 {
        self.rook(sq, occ) | self.bishop(sq, occ)
    }

    /// Squares strictly between `a` and `b` if they share a rank, file or diagonal, else none.
    #[inline]
    pub fn between(&self, a: u8, b: u8) -> u64 {
        self.between[a as usize * self.n + b as usize]
    }

    /// The whole rank, file or diagonal through `a` and `b` (both included), or none.
    #[inline]
    pub fn line(&self, a: u8, b: u8) -> u64 {
        self.line[a as usize * self.n + b as usize]
    }
}

struct Geo {
    w: i8,
    h: i8,
}

impl Geo {
    fn offset(&self, s: u8, (df, dr): (i8, i8)) -> Option<u8> {
        let (f, r) = ((s as i8) % self.w + df, (s as i8) / self.w + dr);
        ((0..self.w).contains(&f) && (0..self.h).contains(&r)).then(|| (r * self.w + f) as u8)
    }

    /// Squares along direction `d` from `s` until (and including) the first square in `occ`.
    fn ray(&self, s: u8, d: (i8, i8), occ: u64) -> u64 {
        let mut bb = 0;
        let mut cur = s;
        while let Some(t) = self.offset(cur, d) {
            bb |= 1u64 << t;
            if occ >> t & 1 == 1 {
                break;
            }
            cur = t;
        }
        bb
    }

    fn slide(&self, s: u8, dirs: &[(i8, i8)], occ: u64) -> u64 {
        dirs.iter().fold(0, |bb, &d| bb | self.ray(s, d, occ))
    }

    /// The squares whose occupancy changes a slider's attacks: each ray without its last square.
    fn relevant(&self, s: u8, dirs: &[(i8, i8)]) -> u64 {
        dirs.iter().fold(0, |bb, &d| {
            let ray = self.ray(s, d, 0);
            let last = ray_last(self, s, d);
            bb | (ray & !last)
        })
    }
}

fn ray_last(g: &Geo, s: u8, d: (i8, i8)) -> u64 {
    let mut cur = s;
    let mut last = 0;
    while let Some(t) = g.offset(cur, d) {
        last = 1u64 << t;
        cur = t;
    }
    last
}

/// Every subset of a slider's relevant squares with its true attack set.
fn occupancies(g: &Geo, s: u8, dirs: &[(i8, i8)], mask: u64) -> Vec<(u64, u64)> {
    let mut out = Vec::with_capacity(1 << mask.count_ones());
    let mut sub = 0u64;
    loop {
        out.push((sub, g.slide(s, dirs, sub)));
        sub = sub.wrapping_sub(mask) & mask;
        if sub == 0 {
            break;
        }
    }
    out
}

/// Builds the table of a stored magic number, or `None` if it does not work for this square.
fn try_magic(g: &Geo, s: u8, dirs: &[(i8, i8)], magic: u64, table: &mut Vec<u64>) -> Option<Magic> {
    let mask = g.relevant(s, dirs);
    let bits = mask.count_ones();
    if bits == 0 {
        return None; // the search handles the trivial case
    }
    let shift = 64 - bits;
    let mut slots: Vec<Option<u64>> = vec![None; 1 << bits];
    for (occ, attacks) in occupancies(g, s, dirs, mask) {
        let slot = &mut slots[(occ.wrapping_mul(magic) >> shift) as usize];
        match slot {
            Some(a) if *a != attacks => return None,
            _ => *slot = Some(attacks),
        }
    }
    let offset = table.len();
    table.extend(slots.iter().map(|a| a.unwrap_or(0)));
    Some(Magic {
        mask,
        magic,
        shift,
        offset,
    })
}

/// The magic numbers the seeded search finds for a geometry (rook, then bishop), which
/// `examples/gen_magics.rs` prints into `magics.rs`.
pub fn search_magics(w: u8, h: u8) -> (Vec<u64>, Vec<u64>) {
    let geo = Geo {
        w: w as i8,
        h: h as i8,
    };
    let n = w as usize * h as usize;
    let mut rng = seeded(0x007A_B01A_u64 ^ ((w as u64) << 8 | h as u64));
    let mut scratch = Vec::new();
    let rook = (0..n as u8)
        .map(|s| find_magic(&geo, s, &ROOK_DIRS, &mut scratch, &mut rng).magic)
        .collect();
    let bishop = (0..n as u8)
        .map(|s| find_magic(&geo, s, &BISHOP_DIRS, &mut scratch, &mut rng).magic)
        .collect();
    (rook, bishop)
}

fn find_magic(
    g: &Geo,
    s: u8,
    dirs: &[(i8, i8)],
    table: &mut Vec<u64>,
    rng: &mut impl Rng,
) -> Magic {
    let mask = g.relevant(s, dirs);
    let bits = mask.count_ones();
    let size = 1usize << bits;
    let occupancies = occupancies(g, s, dirs, mask);
    let shift = 64 - bits;
    let mut slots = vec![(0u32, 0u64); size];
    let mut attempt = 0u32;
    loop {
        attempt += 1;
        let magic = rng.random::<u64>() & rng.random::<u64>() & rng.random::<u64>();
        if bits > 0 && (mask.wrapping_mul(magic) >> 56).count_ones() < 6 && attempt < 1_000_000 {
            continue; // too few high bits: hopeless
        }
        let ok = occupancies.iter().all(|&(occ, attacks)| {
            let i = (occ.wrapping_mul(magic) >> shift) as usize;
            let slot = &mut slots[if bits == 0 { 0 } else { i }];
            if slot.0 != attempt {
                *slot = (attempt, attacks);
                true
            } else {
                slot.1 == attacks
            }
        });
        if ok {
            let offset = table.len();
            table.resize(offset + size, 0);
            for &(occ, attacks) in &occupancies {
                let i = if bits == 0 {
                    0
                } else {
                    (occ.wrapping_mul(magic) >> shift) as usize
                };
                table[offset + i] = attacks;
            }
            return Magic {
                mask,
                magic: if bits == 0 { 0 } else { magic },
                shift: if bits == 0 { 63 } else { shift },
                offset,
            };
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Magic lookups agree with plain ray walking for random occupancies on both boards.
    #[test]
    fn magic_lookups_equal_ray_walks() {
        for (w, h) in [(5u8, 6u8), (8, 8)] {
            let t = Tables::new(w, h);
            let g = Geo {
                w: w as i8,
                h: h as i8,
            };
            let n = w as u32 * h as u32;
            let all = if n == 64 { u64::MAX } else { (1u64 << n) - 1 };
            let mut rng = seeded(5);
            for _ in 0..2000 {
                let occ = rng.random::<u64>() & rng.random::<u64>() & all;
                let s = rng.random_range(0..n) as u8;
                assert_eq!(t.rook(s, occ), g.slide(s, &ROOK_DIRS, occ));
                assert_eq!(t.bishop(s, occ), g.slide(s, &BISHOP_DIRS, occ));
            }
        }
    }

    #[test]
    fn the_stored_magic_numbers_are_what_the_search_finds() {
        for (w, h) in [(5u8, 6u8), (8, 8)] {
            let (rook, bishop) = search_magics(w, h);
            let stored = crate::magics::known(w, h).expect("stored for both boards");
            assert_eq!(stored.0.to_vec(), rook, "{w}x{h} rook");
            assert_eq!(stored.1.to_vec(), bishop, "{w}x{h} bishop");
        }
    }

    #[test]
    fn leapers_between_and_lines() {
        let t = Tables::new(8, 8);
        // a1 = 0, b3 = 17, c2 = 10
        assert_eq!(t.knight(0), 1 << 17 | 1 << 10);
        assert_eq!(t.king(0).count_ones(), 3);
        assert_eq!(t.pawn(0, 9), 1 << 16 | 1 << 18); // b2 white attacks a3, c3
        assert_eq!(t.between(0, 63).count_ones(), 6);
        assert_eq!(t.between(0, 10), 0);
        assert_eq!(t.line(0, 9).count_ones(), 8);
        let m = Tables::new(5, 6);
        assert_eq!(m.line(0, 1), 0b11111); // rank 1
        assert_eq!(m.between(0, 20), 1 << 5 | 1 << 10 | 1 << 15); // a1..a5 on the a-file
        assert_eq!(m.knight(0).count_ones(), 2);
    }
}
