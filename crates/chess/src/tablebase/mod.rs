//! Endgame tablebases for QuickChess on the 5x6 board: the exact value (win, draw or loss
//! with the distance to mate) of every position of a material such as `KRPvKB`, built by
//! retrograde analysis ([`generate`]) and checked entry by entry against the forward move
//! generator ([`verify`]).
//!
//! Tables follow full QuickChess rules: checkmate wins; stalemate and dead positions draw;
//! pawns step one square; a pawn on the last rank becomes what the [`Rules`] allow (the
//! booklet's rescue rule, or a queen only as in Fairy-Stockfish's `quickchess`). Tables
//! without pawns are the same under both. Distances ignore the fifty-move rule.
//!
//! The crate does no I/O: a [`Table`] turns into bytes and back ([`Table::to_bytes`],
//! [`Table::from_bytes`]); the `tabula` binary stores them in files.

mod generate;
pub mod index;
pub mod material;
mod unmove;
mod value;
pub mod verify;

pub use index::{Layout, flip};
pub use material::{MAX_PIECES, Material, MaterialError};
pub use value::{MAX_PLIES, Value, Wdl};

use crate::geometry::Mini;
use crate::moves::Move;
use crate::position::Position;
use crate::types::Role;
use crate::variant::{Family, Promotion, Variant};
use std::collections::HashMap;
use std::sync::Arc;

/// Which promotion rule pawn tables follow.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Rules {
    /// The booklet's rescue rule (`quickchess`, `quickchess-classic`, Blind).
    Rescue,
    /// Promotion to a queen only (`quickchess-fsf`, Fairy-Stockfish's rules).
    QueenOnly,
}

impl Rules {
    /// Both, rescue first.
    pub const ALL: [Rules; 2] = [Rules::Rescue, Rules::QueenOnly];

    /// The variant whose rules table positions are built with.
    pub fn variant(self) -> Variant {
        match self {
            Rules::Rescue => Variant::QUICKCHESS,
            Rules::QueenOnly => Variant::new(Family::QuickChessFsf),
        }
    }

    /// `rescue` or `queen`, as in file names.
    pub fn name(self) -> &'static str {
        match self {
            Rules::Rescue => "rescue",
            Rules::QueenOnly => "queen",
        }
    }

    /// The tables a variant's positions may use (`None` for 8x8 chess, the lesson games and
    /// options the tables do not model). Pawnless positions of any such variant use either.
    pub fn of(variant: Variant) -> Option<Rules> {
        if variant.is_8x8() || !variant.has_check() {
            return None;
        }
        match variant.promotion() {
            Promotion::Rescue if variant.start_material() == [1, 1, 1, 1] => Some(Rules::Rescue),
            Promotion::QueenOnly => Some(Rules::QueenOnly),
            _ => None,
        }
    }

    /// The kinds (indices into [`material::ROLES`]) a pawn of a side holding `counts` may
    /// become under these rules.
    pub fn promotion_kinds(self, counts: &[u8; 5]) -> Vec<usize> {
        match self {
            Rules::QueenOnly => vec![0],
            Rules::Rescue => {
                // the start material is one queen, rook, bishop and knight
                let missing: Vec<usize> = (0..4).filter(|&i| counts[i] == 0).collect();
                if missing.is_empty() { vec![0] } else { missing }
            }
        }
    }
}

/// Why a table could not be built, read or checked.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TableError {
    /// A capture or promotion leads to a table that is not loaded.
    #[error("the table {0} is needed first")]
    Missing(String),
    /// A distance beyond what one byte holds.
    #[error("a distance to mate beyond {MAX_PLIES} plies")]
    TooLong,
    /// A position with more quiet moves than a byte counts.
    #[error("a position with more than 255 moves")]
    TooManyMoves,
    /// Bytes that are not a table.
    #[error("not a Tabula table: {0}")]
    Format(String),
}

/// What a generated table holds.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Summary {
    /// Legal positions (both sides to move).
    pub positions: u64,
    /// Positions the side to move wins.
    pub wins: u64,
    /// Drawn positions.
    pub draws: u64,
    /// Positions the side to move loses.
    pub losses: u64,
    /// The longest distance to mate, in plies.
    pub longest: u16,
}

/// The values of every position of one material.
#[derive(Clone, Debug)]
pub struct Table {
    layout: Layout,
    /// The rules it follows (for a pawnless table, the rules it was built under: either fits).
    pub rules: Rules,
    values: Vec<u8>,
    /// Counts of its values.
    pub summary: Summary,
}

const MAGIC: &[u8; 8] = b"TABULATB";
const FORMAT: u8 = 1;

impl Table {
    /// The material.
    pub fn material(&self) -> Material {
        self.layout.material
    }

    /// The index arithmetic.
    pub fn layout(&self) -> &Layout {
        &self.layout
    }

    /// The stored value at an index (`None` for an index that is no position).
    pub fn value_at(&self, idx: usize) -> Option<Value> {
        self.values.get(idx).copied().and_then(Value::from_code)
    }

    /// A copy with the entry at `idx` replaced (to show that [`Tablebases::verify`] catches
    /// a damaged table).
    pub fn with_entry(&self, idx: usize, value: Value) -> Table {
        let mut t = self.clone();
        if let Some(v) = t.values.get_mut(idx) {
            *v = value.code();
        }
        t
    }

    /// The file name the `tabula` binary stores it under: `KRvK.tbl` without pawns,
    /// `KRPvKB.rescue.tbl` with.
    pub fn file_name(material: &Material, rules: Rules) -> String {
        if material.has_pawns() {
            format!("{material}.{}.tbl", rules.name())
        } else {
            format!("{material}.tbl")
        }
    }

    /// The table as bytes: a header (magic, format, rules, material, entry count, checksum)
    /// and the entries run-length encoded (value, run length as LEB128).
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(self.values.len() / 8);
        out.extend_from_slice(MAGIC);
        out.push(FORMAT);
        out.push(self.rules as u8);
        let name = self.material().to_string();
        out.push(name.len() as u8);
        out.extend_from_slice(name.as_bytes());
        out.extend_from_slice(&(self.values.len() as u64).to_le_bytes());
        out.extend_from_slice(&checksum(&self.values).to_le_bytes());
        let mut i = 0;
        while i < self.values.len() {
            let v = self.values[i];
            let mut run = 1usize;
            while i + run < self.values.len() && self.values[i + run] == v {
                run += 1;
            }
            out.push(v);
            let mut r = run;
            loop {
                let byte = (r & 0x7f) as u8;
                r >>= 7;
                if r == 0 {
                    out.push(byte);
                    break;
                }
                out.push(byte | 0x80);
            }
            i += run;
        }
        out
    }

    /// Reads a table written by [`Table::to_bytes`], checking its length and checksum.
    pub fn from_bytes(bytes: &[u8]) -> Result<Table, TableError> {
        let bad = |why: &str| TableError::Format(why.to_string());
        if bytes.len() < 11 || &bytes[..8] != MAGIC {
            return Err(bad("the header is missing"));
        }
        if bytes[8] != FORMAT {
            return Err(bad(&format!(
                "format {} (this build reads {FORMAT})",
                bytes[8]
            )));
        }
        let rules = match bytes[9] {
            0 => Rules::Rescue,
            1 => Rules::QueenOnly,
            r => return Err(bad(&format!("unknown rules {r}"))),
        };
        let name_len = usize::from(bytes[10]);
        let name_end = 11 + name_len;
        let header_end = name_end + 16;
        if bytes.len() < header_end {
            return Err(bad("the header is cut short"));
        }
        let name = std::str::from_utf8(&bytes[11..name_end]).map_err(|_| bad("material name"))?;
        let material = Material::parse(name).map_err(|e| TableError::Format(e.to_string()))?;
        let word = |at: usize| {
            let mut w = [0u8; 8];
            w.copy_from_slice(&bytes[at..at + 8]);
            u64::from_le_bytes(w)
        };
        let (len, sum) = (word(name_end) as usize, word(name_end + 8));
        let layout = Layout::new(material);
        if len != layout.len() {
            return Err(bad(&format!(
                "{len} entries, {material} has {}",
                layout.len()
            )));
        }
        let mut values = Vec::with_capacity(len);
        let mut at = header_end;
        while at < bytes.len() {
            let v = bytes[at];
            at += 1;
            let (mut run, mut shift) = (0usize, 0);
            loop {
                let byte = *bytes.get(at).ok_or_else(|| bad("a run is cut short"))?;
                at += 1;
                run |= usize::from(byte & 0x7f) << shift;
                shift += 7;
                if byte & 0x80 == 0 {
                    break;
                }
                if shift > 56 {
                    return Err(bad("a run length is too long"));
                }
            }
            if values.len() + run > len {
                return Err(bad("more entries than the header says"));
            }
            values.resize(values.len() + run, v);
        }
        if values.len() != len {
            return Err(bad("fewer entries than the header says"));
        }
        if checksum(&values) != sum {
            return Err(bad("the checksum does not match (a damaged file)"));
        }
        let mut summary = Summary::default();
        for &code in &values {
            match Value::from_code(code) {
                Some(Value::Win(n)) => {
                    summary.wins += 1;
                    summary.longest = summary.longest.max(n);
                }
                Some(Value::Loss(n)) => {
                    summary.losses += 1;
                    summary.longest = summary.longest.max(n);
                }
                Some(Value::Draw) => summary.draws += 1,
                None => {}
            }
        }
        summary.positions = summary.wins + summary.draws + summary.losses;
        Ok(Table {
            layout,
            rules,
            values,
            summary,
        })
    }
}

/// 64-bit FNV-1a: enough to notice a damaged file (tables and solver proofs).
pub(crate) fn checksum(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

/// The material signature of a position, as text (for error messages).
fn material_name(pos: &Position<Mini>) -> String {
    Material::of(pos).map_or_else(|| "(no kings)".to_string(), |m| m.to_string())
}

/// What a probe answers: the value for the side to move and a move that keeps it (the
/// quickest win, the longest defence, or a move that holds the draw).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Probe {
    /// The value for the side to move.
    pub value: Value,
    /// The best move (`None` when the game is over).
    pub best: Option<Move>,
}

/// A set of tables under one promotion rule, looked up by material.
#[derive(Clone, Debug)]
pub struct Tablebases {
    rules: Rules,
    /// Shared, so copies of a set (to add a table to) are cheap.
    tables: HashMap<Material, Arc<Table>>,
}

impl Tablebases {
    /// An empty set following `rules`.
    pub fn new(rules: Rules) -> Tablebases {
        Tablebases {
            rules,
            tables: HashMap::new(),
        }
    }

    /// The promotion rule.
    pub fn rules(&self) -> Rules {
        self.rules
    }

    /// Adds a table (read from a file, for example). A table with pawns must follow this
    /// set's rules.
    pub fn insert(&mut self, table: Table) -> Result<(), TableError> {
        if table.material().has_pawns() && table.rules != self.rules {
            return Err(TableError::Format(format!(
                "{} follows the {} rule, this set the {} rule",
                table.material(),
                table.rules.name(),
                self.rules.name()
            )));
        }
        self.tables.insert(table.material(), Arc::new(table));
        Ok(())
    }

    /// The table of a material (either orientation).
    pub fn table(&self, material: &Material) -> Option<&Table> {
        self.tables.get(&material.canonical().0).map(|t| &**t)
    }

    /// Every table held, fewest pieces first.
    pub fn tables(&self) -> Vec<&Table> {
        let mut v: Vec<&Table> = self.tables.values().map(|t| &**t).collect();
        v.sort_by_key(|t| (t.material().pieces(), t.material().to_string()));
        v
    }

    /// Builds the table of `material` and, first, every table its captures and promotions
    /// lead to that is not held yet; `built` hears of each new table as it is finished.
    pub fn generate(
        &mut self,
        material: Material,
        built: &mut dyn FnMut(&Table),
    ) -> Result<(), TableError> {
        let (m, _) = material.canonical();
        if self.tables.contains_key(&m) {
            return Ok(());
        }
        let rules = self.rules;
        for next in m.successors(|counts| rules.promotion_kinds(counts)) {
            self.generate(next, built)?;
        }
        let layout = Layout::new(m);
        let (values, summary) = generate::generate(&layout, rules, self)?;
        let table = Table {
            layout,
            rules,
            values,
            summary,
        };
        built(&table);
        self.tables.insert(m, Arc::new(table));
        Ok(())
    }

    /// Checks the indices `range` of the table of `material` against the forward generator
    /// ([`verify`]).
    pub fn verify(
        &self,
        material: &Material,
        range: std::ops::Range<usize>,
    ) -> Result<verify::Check, TableError> {
        let table = self
            .table(material)
            .ok_or_else(|| TableError::Missing(material.to_string()))?;
        let end = range.end.min(table.layout.len());
        verify::check(
            &table.layout,
            self.rules,
            &table.values,
            self,
            range.start.min(end)..end,
        )
    }

    /// Whether these tables answer for `pos`: a QuickChess position (checkmate rules, 5x6)
    /// without castling rights or en passant; with pawns, under this set's promotion rule
    /// and without two-square pawn moves.
    pub fn covers(&self, pos: &Position<Mini>) -> bool {
        let v = pos.variant();
        if !v.has_check() || pos.castling_rooks() != 0 || pos.ep_square().is_some() {
            return false;
        }
        if pos.by_role(Role::Pawn) == 0 {
            return Rules::of(v).is_some() || v.promotion() == Promotion::AnyPiece;
        }
        Rules::of(v) == Some(self.rules) && !v.double_step()
    }

    /// The value of `pos` for the side to move, if a held table covers it.
    pub fn value(&self, pos: &Position<Mini>) -> Option<Value> {
        if !self.covers(pos) {
            return None;
        }
        let material = Material::of(pos)?;
        let (canonical, flipped) = material.canonical();
        let table = self.tables.get(&canonical)?;
        let idx = if flipped {
            table.layout.index_of(&flip(pos))
        } else {
            table.layout.index_of(pos)
        };
        table.value_at(idx)
    }

    /// The value of `pos` and its best move, if held tables cover it and every position a
    /// move leads to.
    pub fn probe(&self, pos: &Position<Mini>) -> Option<Probe> {
        let value = self.value(pos)?;
        let mut best: Option<(Move, Value)> = None;
        for m in pos.legal_moves().iter() {
            let after = self.value(&pos.play_unchecked(*m))?.parent();
            if best.is_none_or(|(_, b)| after.rank() > b.rank()) {
                best = Some((*m, after));
            }
        }
        Some(Probe {
            value,
            best: best.map(|(m, _)| m),
        })
    }

    /// A line of best play from `pos` (each side's table move), at most `max_plies` long: to
    /// the mate for a decided position.
    pub fn line(&self, pos: &Position<Mini>, max_plies: usize) -> Vec<Move> {
        let mut line = Vec::new();
        let mut p = *pos;
        while line.len() < max_plies {
            let Some(m) = self.probe(&p).and_then(|probe| probe.best) else {
                break;
            };
            line.push(m);
            p = p.play_unchecked(m);
        }
        line
    }
}

#[cfg(test)]
mod tests;
