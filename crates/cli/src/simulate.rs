//! `tabula simulate`: bots against bots, with a table of results by level.

use crate::output::Answer;
use crate::puzzles::{parse_level, parse_side};
use serde_json::json;
use std::fmt::Write as _;
use tabula_puzzles::checkmates::party::{CardSpec, DeckChoice};
use tabula_puzzles::checkmates::{CheckMatesSolver, Side, deck};
use tabula_puzzles::royal::{self, RoyalSolver};
use tabula_puzzles::sim::SimReport;

/// Parses `full`, `one-star` or `two-star`.
pub fn parse_deck(text: &str) -> Result<DeckChoice, String> {
    match text {
        "full" => Ok(DeckChoice::Full),
        "one-star" | "1" => Ok(DeckChoice::OneStar),
        "two-star" | "2" => Ok(DeckChoice::TwoStar),
        _ => Err(format!(
            "unknown deck `{text}`: expected full, one-star or two-star"
        )),
    }
}

/// The default deck's cards for one side.
pub fn default_cards(
    side: Side,
    sliding: &CheckMatesSolver,
    chess: &CheckMatesSolver,
) -> Vec<CardSpec> {
    deck::generate(sliding, chess, deck::DEFAULT_SEED)
        .cards
        .iter()
        .map(|c| CardSpec {
            task: c.side(side).task.clone(),
            stars: c.side(side).stars,
        })
        .collect()
}

fn table(title: String, r: &SimReport, unit: &str) -> Answer {
    let mut text =
        format!("{title}\n\nlevel  games  wins  win rate  mean score  {unit:>11}  mistakes\n");
    for (&level, &played) in &r.played_by_level {
        let _ = writeln!(
            text,
            "{level:>5}  {played:>5}  {:>4}  {:>7.1}%  {:>10.2}  {:>11}  {:>8}",
            r.wins_by_level.get(&level).copied().unwrap_or(0),
            100.0 * r.win_rate(level),
            r.mean_score(level),
            r.attempts_by_level.get(&level).copied().unwrap_or(0),
            r.mistakes_by_level.get(&level).copied().unwrap_or(0),
        );
    }
    let json = json!({
        "games": r.games,
        "wins_by_level": r.wins_by_level,
        "mistakes_by_level": r.mistakes_by_level,
    });
    let _ = writeln!(text, "{json}");
    Answer { text, json }
}

fn parse_u(what: &str, text: &str, range: std::ops::RangeInclusive<u64>) -> Result<u64, String> {
    text.trim()
        .parse::<u64>()
        .ok()
        .filter(|n| range.contains(n))
        .ok_or_else(|| {
            format!(
                "{what} `{text}` must be a whole number from {} to {}",
                range.start(),
                range.end()
            )
        })
}

/// `tabula simulate checkmates`.
pub fn checkmates(
    side: &str,
    bots: &str,
    games: &str,
    seed: &str,
    deck_choice: &str,
) -> Result<Answer, String> {
    let side = parse_side(side)?;
    let seats = parse_u("--bots", bots, 1..=6)? as u8;
    let games = parse_u("--games", games, 1..=100_000)? as u32;
    let seed = parse_u("--seed", seed, 0..=u64::MAX)?;
    let choice = parse_deck(deck_choice)?;
    let sliding = CheckMatesSolver::new(Side::Sliding);
    let chess = CheckMatesSolver::new(Side::Chess);
    let cards = default_cards(side, &sliding, &chess);
    let solver = if side == Side::Sliding {
        &sliding
    } else {
        &chess
    };
    let r = tabula_puzzles::sim::simulate_checkmates(solver, &cards, choice, seats, games, seed)
        .map_err(|e| e.to_string())?;
    let levels: Vec<String> = tabula_puzzles::bots::spread_levels(seats)
        .iter()
        .map(u8::to_string)
        .collect();
    Ok(table(
        format!(
            "Check Mates: {games} games, {side} side, {} deck, {seats} bots (levels {}), seed {seed}",
            deck_choice,
            levels.join(", ")
        ),
        &r,
        "proofs",
    ))
}

/// `tabula simulate royal`.
pub fn royal(games: &str, seed: &str, level: &str, bonus: bool) -> Result<Answer, String> {
    let games = parse_u("--games", games, 1..=100_000)? as u32;
    let seed = parse_u("--seed", seed, 0..=u64::MAX)?;
    let level = parse_level(level)?;
    let solver = RoyalSolver::new();
    let cards = royal::deck::generate(&solver, royal::deck::DEFAULT_SEED).cards;
    let r = tabula_puzzles::sim::simulate_royal(&solver, &cards, level, bonus, games, seed)
        .map_err(|e| e.to_string())?;
    Ok(table(
        format!(
            "The Royal Study: {games} matches to 6 points at level {}{}, every pair of bot levels in turn, seed {seed}",
            level.number(),
            if bonus {
                " with the bonus challenge"
            } else {
                ""
            }
        ),
        &r,
        "executions",
    ))
}
