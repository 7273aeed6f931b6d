//! `tabula engine puzzles list`: the puzzles of a set (the shipped starter set by default), filtered
//! by theme, one a line as text or JSON.

use super::puzzle_mine::PuzzleGame;
use anyhow::Context;
use clap::Args;
use serde_json::json;
use std::path::PathBuf;
use tabula_chess::Variant;
use tabula_chess::puzzle::{Puzzle, Theme};

/// `tabula engine puzzles list`.
#[derive(Args, Debug)]
pub struct ListArgs {
    /// Which game.
    #[arg(long, value_enum, default_value_t = PuzzleGame::Quickchess)]
    pub variant: PuzzleGame,
    /// Only puzzles with this theme (QuickChess: mate-in-1, mate-in-2, mate-in-3, mate, fork,
    /// hanging-piece, promotion, rescue, endgame, defence, advantage; Querni: win-at-once,
    /// avoid-stranding, defence).
    #[arg(long)]
    pub theme: Option<String>,
    /// At most this many.
    #[arg(long)]
    pub limit: Option<usize>,
    /// A puzzle file instead of the starter set.
    #[arg(long, value_name = "FILE")]
    pub file: Option<PathBuf>,
    /// One JSON object a line: {"id", "fen", "moves", "rating", "themes"} (Querni: "position"
    /// and its turn in "moves").
    #[arg(long)]
    pub json: bool,
}

/// One puzzle as `list` prints it.
struct Row {
    json: serde_json::Value,
    text: String,
    themes: Vec<String>,
}

fn quickchess_rows(text: &str) -> anyhow::Result<Vec<Row>> {
    let variant = Variant::parse("quickchess")?;
    Ok(Puzzle::parse_set(variant, text)?
        .into_iter()
        .map(|p| {
            let themes: Vec<String> = p.themes.iter().map(|t| t.name().to_string()).collect();
            Row {
                json: json!({"id": p.id, "fen": p.fen, "moves": p.moves, "rating": p.rating, "themes": themes}),
                text: format!("{}  {}  {}  {}  {}", p.id, p.rating, p.fen, p.moves.join(" "), themes.join(",")),
                themes,
            }
        })
        .collect())
}

fn querni_rows(text: &str) -> anyhow::Result<Vec<Row>> {
    use tabula_querni::puzzle::Puzzle as QuerniPuzzle;
    Ok(QuerniPuzzle::parse_set(text)
        .map_err(anyhow::Error::msg)?
        .into_iter()
        .map(|p| {
            let themes: Vec<String> = p.themes.iter().map(|t| t.name().to_string()).collect();
            Row {
                json: json!({"id": p.id, "position": p.position, "moves": [p.turn], "rating": p.rating, "themes": themes}),
                text: format!("{}  {}  {}  {}  {}", p.id, p.rating, p.position, p.turn, themes.join(",")),
                themes,
            }
        })
        .collect())
}

/// Runs `tabula engine puzzles list`.
pub fn run(args: &ListArgs) -> anyhow::Result<()> {
    let text = match &args.file {
        Some(f) => {
            std::fs::read_to_string(f).with_context(|| format!("reading {}", f.display()))?
        }
        None => match args.variant {
            PuzzleGame::Quickchess => tabula_chess::puzzle::STARTER_QUICKCHESS.to_string(),
            PuzzleGame::Querni => tabula_querni::puzzle::STARTER.to_string(),
        },
    };
    if let Some(t) = &args.theme {
        let known = match args.variant {
            PuzzleGame::Quickchess => t.parse::<Theme>().map(|_| ()).map_err(|e| e.to_string()),
            PuzzleGame::Querni => tabula_querni::puzzle::QuerniTheme::parse(t)
                .map(|_| ())
                .ok_or_else(|| {
                    format!(
                        "unknown theme `{t}`: Querni's are win-at-once, avoid-stranding, defence"
                    )
                }),
        };
        known.map_err(anyhow::Error::msg)?;
    }
    let rows = match args.variant {
        PuzzleGame::Quickchess => quickchess_rows(&text)?,
        PuzzleGame::Querni => querni_rows(&text)?,
    };
    let chosen = rows
        .into_iter()
        .filter(|r| args.theme.as_ref().is_none_or(|t| r.themes.contains(t)))
        .take(args.limit.unwrap_or(usize::MAX));
    for r in chosen {
        if args.json {
            println!("{}", r.json);
        } else {
            println!("{}", r.text);
        }
    }
    Ok(())
}
