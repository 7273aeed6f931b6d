//! `tabula exact tb`: build endgame tables (`generate`), check them (`verify`) and ask them about a
//! position (`probe`).

use crate::cli::output::Answer;
use anyhow::{Context as _, anyhow, bail};
use clap::{Subcommand, ValueEnum};
use serde_json::json;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Instant;
use tabula_chess::tablebase::{Material, Probe, Rules, Tablebases, Value};
use tabula_chess::{AnyPosition, Color, Variant};
use tabula_server::tablebases::{DEFAULT_DIR, TableSets, load_into, write};

/// The promotion rule(s) to build tables for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum RulesArg {
    /// The booklet's rescue rule (quickchess, quickchess-classic, blind).
    Rescue,
    /// Promotion to a queen only (quickchess-fsf, as Fairy-Stockfish plays).
    Queen,
    /// Both.
    Both,
}

impl RulesArg {
    fn rules(self) -> Vec<Rules> {
        match self {
            RulesArg::Rescue => vec![Rules::Rescue],
            RulesArg::Queen => vec![Rules::QueenOnly],
            RulesArg::Both => Rules::ALL.to_vec(),
        }
    }
}

/// What `tabula exact tb` does.
#[derive(Subcommand)]
pub enum TbCommand {
    /// Build tables by retrograde analysis: every material of up to --pieces pieces, or the
    /// named ones (like KRPvKB) with the tables they lead to. Tables already in --dir are kept.
    Generate {
        /// Material signatures to build (each side from its king, like KRPvKB).
        #[arg(value_parser = crate::cli::parse::material)]
        materials: Vec<Material>,
        /// Without named materials: every material of up to this many pieces, kings included.
        #[arg(long, default_value_t = 4, value_parser = clap::value_parser!(u8).range(2..=4))]
        pieces: u8,
        /// The promotion rule of the pawn tables.
        #[arg(long, value_enum, default_value_t = RulesArg::Both)]
        rules: RulesArg,
        /// Where tables are kept.
        #[arg(long, default_value = DEFAULT_DIR)]
        dir: PathBuf,
        /// Check every new table entry by entry against the forward move generator.
        #[arg(long)]
        verify: bool,
    },
    /// Check stored tables entry by entry against the forward move generator.
    Verify {
        /// Material signatures to check (all tables in --dir without any).
        #[arg(value_parser = crate::cli::parse::material)]
        materials: Vec<Material>,
        /// The promotion rule of the pawn tables.
        #[arg(long, value_enum, default_value_t = RulesArg::Both)]
        rules: RulesArg,
        /// Where tables are kept.
        #[arg(long, default_value = DEFAULT_DIR)]
        dir: PathBuf,
    },
    /// The exact value of a position: win, draw or loss for the side to move, moves to mate,
    /// and the best move.
    Probe {
        /// The variant (quickchess, quickchess-classic, quickchess-fsf, ...).
        #[arg(long, default_value = "quickchess", value_parser = crate::cli::parse::variant)]
        variant: Variant,
        /// The position.
        #[arg(long)]
        fen: String,
        /// Where tables are kept (tables of up to four pieces missing there are built in memory).
        #[arg(long, default_value = DEFAULT_DIR)]
        dir: PathBuf,
        /// Print one JSON line: {"wdl", "dtm", "best"}.
        #[arg(long)]
        json: bool,
    },
}

/// Runs a `tabula exact tb` command.
pub fn run(command: TbCommand) -> std::process::ExitCode {
    match command {
        TbCommand::Generate {
            materials,
            pieces,
            rules,
            dir,
            verify,
        } => crate::cli::output::emit(false, generate(&materials, pieces, rules, &dir, verify)),
        TbCommand::Verify {
            materials,
            rules,
            dir,
        } => crate::cli::output::emit(false, verify_stored(&materials, rules, &dir)),
        TbCommand::Probe {
            variant,
            fen,
            dir,
            json,
        } => crate::cli::output::emit(json, probe(variant, &fen, &dir)),
    }
}

/// `tabula exact tb generate`: builds what is missing, writing each table as it is finished.
fn generate(
    names: &[Material],
    pieces: u8,
    rules: RulesArg,
    dir: &Path,
    verify: bool,
) -> anyhow::Result<Answer> {
    let wanted = if names.is_empty() {
        Material::all_up_to(usize::from(pieces))
    } else {
        names.to_vec()
    };
    let mut text = String::new();
    let mut rows = Vec::new();
    for r in rules.rules() {
        let mut set = Tablebases::new(r);
        load_into(&mut set, dir).map_err(anyhow::Error::msg)?;
        let mut error = None;
        for m in &wanted {
            let mut started = Instant::now();
            let mut saved = |table: &tabula_chess::tablebase::Table| {
                let ms = started.elapsed().as_millis() as u64;
                match write(dir, table) {
                    Ok((path, bytes)) => {
                        let s = table.summary;
                        let line = format!(
                            "{:<10} {:>10} positions  {:>9} wins {:>9} draws {:>9} losses  longest mate {:>3} plies  {:>7} ms  {:>10} bytes  {}",
                            table.material().to_string(),
                            s.positions,
                            s.wins,
                            s.draws,
                            s.losses,
                            s.longest,
                            ms,
                            bytes,
                            path.display()
                        );
                        // progress for long runs (a 5-piece table takes tens of seconds)
                        eprintln!("built {} ({} rule) in {ms} ms", table.material(), r.name());
                        let _ = writeln!(text, "{line}");
                        rows.push(json!({
                            "material": table.material().to_string(), "rules": r.name(),
                            "positions": s.positions, "wins": s.wins, "draws": s.draws,
                            "losses": s.losses, "longest_plies": s.longest, "ms": ms,
                            "bytes": bytes, "file": path.display().to_string(),
                        }));
                    }
                    Err(e) => error = Some(e),
                }
                started = Instant::now();
            };
            set.generate(*m, &mut saved)
                .with_context(|| format!("building {m} ({} rule)", r.name()))?;
            if let Some(e) = error.take() {
                bail!(e);
            }
        }
        if verify {
            let built: Vec<Material> = rows
                .iter()
                .filter(|row| row["rules"] == r.name())
                .filter_map(|row| row["material"].as_str())
                .map(Material::parse)
                .collect::<Result<_, _>>()?;
            let _ = write!(text, "{}", check_tables(&set, &built)?);
        }
    }
    if rows.is_empty() {
        let _ = writeln!(
            text,
            "every table asked for is already in {}",
            dir.display()
        );
    }
    let _ = writeln!(text, "{}", json!({ "built": rows }));
    Ok(Answer {
        text,
        json: json!({ "built": rows }),
    })
}

/// Checks `materials` of `set` entry by entry; an error names the first wrong entries.
fn check_tables(set: &Tablebases, materials: &[Material]) -> anyhow::Result<String> {
    let mut text = String::new();
    for m in materials {
        let started = Instant::now();
        let check = set
            .verify(m, 0..usize::MAX)
            .with_context(|| m.to_string())?;
        if check.error_count > 0 {
            bail!(
                "{m} ({} rule): {} entries break the equations, e.g. {:?}",
                set.rules().name(),
                check.error_count,
                check.errors
            );
        }
        let line = format!(
            "{m} ({} rule): all {} positions agree with their moves ({} ms)",
            set.rules().name(),
            check.positions,
            started.elapsed().as_millis()
        );
        let _ = writeln!(text, "{line}");
    }
    Ok(text)
}

/// `tabula exact tb verify`.
fn verify_stored(names: &[Material], rules: RulesArg, dir: &Path) -> anyhow::Result<Answer> {
    let mut text = String::new();
    let mut checked = Vec::new();
    for r in rules.rules() {
        let mut set = Tablebases::new(r);
        load_into(&mut set, dir).map_err(anyhow::Error::msg)?;
        let materials = if names.is_empty() {
            set.tables().iter().map(|t| t.material()).collect()
        } else {
            names.to_vec()
        };
        text.push_str(&check_tables(&set, &materials)?);
        checked.extend(materials.iter().map(|m| format!("{m} ({})", r.name())));
    }
    let _ = writeln!(text, "{}", json!({ "verified": checked }));
    Ok(Answer {
        text,
        json: json!({ "verified": checked }),
    })
}

/// "White mates in 6", "Black mates in 3", "draw", or "White is checkmated".
pub fn verdict(value: Value, turn: Color) -> String {
    let name = |c: Color| if c == Color::White { "White" } else { "Black" };
    match value {
        Value::Draw => "draw".to_string(),
        Value::Loss(0) => format!("{} is checkmated", name(turn)),
        Value::Win(_) => format!("{} mates in {}", name(turn), value.dtm().unwrap_or(0)),
        Value::Loss(_) => format!(
            "{} mates in {}",
            name(turn.other()),
            value.dtm().unwrap_or(0)
        ),
    }
}

/// The rules whose tables answer for `pos` (pawnless positions of any QuickChess game use the
/// rescue set; the two agree there).
pub fn rules_for(pos: &tabula_chess::Position<tabula_chess::Mini>) -> Option<Rules> {
    Rules::of(pos.variant())
        .or_else(|| (pos.by_role(tabula_chess::Role::Pawn) == 0).then_some(Rules::Rescue))
}

/// The tables in `dir`, plus, when `pos` has at most four pieces and its table is not there,
/// that table and the ones it leads to, built in memory (about a second at most).
pub fn load_for(pos: &AnyPosition, dir: &Path) -> anyhow::Result<TableSets> {
    let mut sets = TableSets::load(dir).map_err(anyhow::Error::msg)?;
    let AnyPosition::Mini(p) = pos else {
        return Ok(sets);
    };
    let (Some(rules), Some(material)) = (rules_for(p), Material::of(p)) else {
        return Ok(sets);
    };
    let set = sets.get(rules);
    if material.pieces() <= 4 && set.table(&material).is_none() {
        let mut more = (**set).clone();
        more.generate(material, &mut |_| {})
            .with_context(|| format!("building {material} in memory"))?;
        match rules {
            Rules::Rescue => sets.rescue = Arc::new(more),
            Rules::QueenOnly => sets.queen = Arc::new(more),
        }
    }
    Ok(sets)
}

/// `tabula exact tb probe`.
fn probe(v: Variant, fen: &str, dir: &Path) -> anyhow::Result<Answer> {
    let AnyPosition::Mini(pos) = crate::positions::chess::position(v, Some(fen))? else {
        bail!("tables are for the 5x6 board, not {v}");
    };
    let rules = rules_for(&pos)
        .ok_or_else(|| anyhow!("no tables for {v}: they follow full QuickChess rules"))?;
    let sets = load_for(&AnyPosition::Mini(pos), dir)?;
    let set = sets.get(rules);
    if !set.covers(&pos) {
        bail!(
            "the tables do not cover this position of {v} (castling rights, en passant or two-square pawn moves)"
        );
    }
    if Material::of(&pos).is_none_or(|m| set.table(&m).is_none()) {
        let m = Material::of(&pos)
            .map(|m| m.to_string())
            .unwrap_or_default();
        bail!(
            "no table for {m} in {}: build it with `tabula exact tb generate {m} --dir {}`",
            dir.display(),
            dir.display()
        );
    }
    let Probe { value, best } = set
        .probe(&pos)
        .ok_or_else(|| anyhow!("a table a move leads to is missing: generate it first"))?;
    let best_uci = best.map(|m| pos.uci(&m));
    let mut text = format!(
        "{}: {} for {} to move ({})\n",
        Material::of(&pos)
            .map(|m| m.to_string())
            .unwrap_or_default(),
        value.wdl().name(),
        pos.turn().name(),
        verdict(value, pos.turn())
    );
    if let Some(m) = best {
        let _ = writeln!(text, "best move: {} ({})", pos.uci(&m), pos.san(&m));
    }
    Ok(Answer {
        text,
        json: json!({ "wdl": value.wdl().name(), "dtm": value.dtm(), "best": best_uci }),
    })
}
