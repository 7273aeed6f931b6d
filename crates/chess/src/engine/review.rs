//! A computer review of a game: per move, the evaluation after it, the engine's choice before
//! it, and a mark for the mover's loss of winning chances; per side, the accuracy of the game.
//!
//! The scale is lichess's published one, so a Tabula review reads like theirs: an evaluation
//! `cp` (centipawns for a side) is that side's chances of winning
//! `Win% = 50 + 50 * (2 / (1 + exp(-0.00368208 * cp)) - 1)`; a move's accuracy is
//! `103.1668 * exp(-0.04354 * (Win%before - Win%after)) - 3.1669` (held within 0..100), both
//! from the mover's side; a drop of 10, 20 or 30 points of Win% is an inaccuracy, a mistake or
//! a blunder. A side's accuracy of the game is the mean of its moves' accuracies [ours: lichess
//! weighs the mean by the game's volatility; the plain mean is simple to check by hand].
//!
//! The searches are the caller's (a function from a position and the hashes of the positions
//! before it to a [`SearchResult`]), so this module stays pure: the caller chooses nodes or a
//! time, and the engine, and runs it where long work belongs.

use super::{Score, SearchResult};
use crate::{AnyPosition, Color, Move, Outcome};

/// The centipawns a mate counts as on the Win% scale (a mate is a sure win: Win% 100).
const MATE_CP: f64 = 100_000.0;

pub use tabula_core::review::Mark;

/// One move reviewed.
#[derive(Clone, Debug, PartialEq)]
pub struct MoveReview {
    /// The ply, from 1.
    pub ply: usize,
    /// The move played.
    pub played: Move,
    /// Who played it.
    pub mover: Color,
    /// The position after it, from White's side (a mate's sign says who mates; `Mate(0)`
    /// when the move ended the game with a win, `Cp(0)` with a draw: see `end`).
    pub eval: Score,
    /// The game's result, when this move ended it.
    pub end: Option<Outcome>,
    /// The engine's choice in the position before it (`None` when it found none).
    pub best: Option<Move>,
    /// The engine's line from the position before it, its choice first.
    pub best_line: Vec<Move>,
    /// The mover's Win% before the move and after it.
    pub win_before: f64,
    /// See `win_before`.
    pub win_after: f64,
    /// The move's accuracy, 0 to 100.
    pub accuracy: f64,
    /// The mark, if the move lost 10 points of Win% or more.
    pub mark: Option<Mark>,
}

/// A game reviewed.
#[derive(Clone, Debug, PartialEq)]
pub struct Review {
    /// Every move, in order.
    pub moves: Vec<MoveReview>,
    /// The mean accuracy of each side's moves, White's first (`None` for a side without one).
    pub accuracy: [Option<f64>; 2],
}

impl Review {
    /// How many moves of `side` got `mark`.
    pub fn count(&self, side: Color, mark: Mark) -> usize {
        self.moves
            .iter()
            .filter(|m| m.mover == side && m.mark == Some(mark))
            .count()
    }
}

/// The steepness of lichess's Win% curve over centipawns.
const CHESS_K: f64 = 0.003_682_08;

/// The Win% of an evaluation of `cp` centipawns for a side.
pub fn win_percent(cp: f64) -> f64 {
    tabula_core::review::win_percent(CHESS_K, cp)
}

pub use tabula_core::review::move_accuracy;

/// A score for the side to move, as centipawns on the Win% scale.
pub(crate) fn centipawns(s: Score) -> f64 {
    match s {
        Score::Cp(c) => f64::from(c),
        Score::Mate(m) if m > 0 => MATE_CP,
        Score::Mate(_) => -MATE_CP,
    }
}

/// A position's value for the side to move: as centipawns on the Win% scale and as a score
/// (the game's result where it is over: `Mate(0)` for a win either way, the centipawns say
/// whose), with the search's choice and line.
struct Valued {
    cp: f64,
    score: Score,
    best: Option<Move>,
    line: Vec<Move>,
}

/// A terminal position's value, or the search's.
fn value(p: &AnyPosition, searched: Option<&SearchResult>) -> Valued {
    if let Some(o) = p.outcome() {
        let (cp, score) = match o.winner() {
            None => (0.0, Score::Cp(0)),
            Some(w) if w == p.turn() => (MATE_CP, Score::Mate(0)),
            Some(_) => (-MATE_CP, Score::Mate(0)),
        };
        return Valued {
            cp,
            score,
            best: None,
            line: Vec::new(),
        };
    }
    match searched {
        Some(r) => Valued {
            cp: centipawns(r.report.score),
            score: r.report.score,
            best: r.best,
            line: r.report.pv.clone(),
        },
        // a position left unsearched counts as even (only a caller's bug leaves one)
        None => Valued {
            cp: 0.0,
            score: Score::Cp(0),
            best: None,
            line: Vec::new(),
        },
    }
}

/// The positions of a game to search for its review, one at a time: a server runs each
/// search as its own piece of work (so other work gets its turn between them), a terminal
/// runs them in a loop ([`review`]).
#[derive(Clone, Debug)]
pub struct Plan {
    positions: Vec<AnyPosition>,
    hashes: Vec<u64>,
    moves: Vec<Move>,
}

impl Plan {
    /// The plan for the game of `moves` from `start` (checked legal by the caller).
    pub fn new(start: &AnyPosition, moves: &[Move]) -> Plan {
        let mut positions = vec![*start];
        for m in moves {
            let p = positions[positions.len() - 1].play_unchecked(*m);
            positions.push(p);
        }
        let hashes = positions.iter().map(AnyPosition::hash).collect();
        Plan {
            positions,
            hashes,
            moves: moves.to_vec(),
        }
    }

    /// The positions to value: the start and the one after each move.
    pub fn len(&self) -> usize {
        self.positions.len()
    }

    /// Whether the game has no position (never: the start is one).
    pub fn is_empty(&self) -> bool {
        self.positions.is_empty()
    }

    /// The `i`th position and the hashes of those before it, if it needs a search (a
    /// position where the game is over does not).
    pub fn search_at(&self, i: usize) -> Option<(&AnyPosition, &[u64])> {
        let p = self.positions.get(i)?;
        p.outcome().is_none().then(|| (p, &self.hashes[..i]))
    }

    /// The review, from the searches of the positions that needed one (`searched[i]` for
    /// position `i`; `None` where [`Plan::search_at`] asked for none).
    pub fn finish(&self, searched: &[Option<SearchResult>]) -> Review {
        let values: Vec<Valued> = self
            .positions
            .iter()
            .enumerate()
            .map(|(i, p)| value(p, searched.get(i).and_then(Option::as_ref)))
            .collect();
        let positions = &self.positions;
        let mut reviewed = Vec::with_capacity(self.moves.len());
        for (i, m) in self.moves.iter().enumerate() {
            let before = &positions[i];
            let mover = before.turn();
            let (now, next) = (&values[i], &values[i + 1]); // next: for the opponent, to move
            let score_after = next.score;
            let win_before = win_percent(now.cp);
            let win_after = win_percent(-next.cp);
            let white_after = if positions[i + 1].turn() == Color::White {
                score_after
            } else {
                score_after.flipped()
            };
            let end = positions[i + 1].outcome();
            reviewed.push(MoveReview {
                ply: i + 1,
                played: *m,
                mover,
                eval: if end.is_some() {
                    score_after
                } else {
                    white_after
                },
                end,
                best: now.best,
                best_line: now.line.clone(),
                win_before,
                win_after,
                accuracy: move_accuracy(win_before, win_after),
                mark: Mark::of_drop(win_before - win_after),
            });
        }
        let mean = |side: Color| {
            let of_side = reviewed.iter().filter(|m| m.mover == side);
            tabula_core::review::mean_accuracy(of_side.map(|m| m.accuracy))
        };
        Review {
            accuracy: [mean(Color::White), mean(Color::Black)],
            moves: reviewed,
        }
    }
}

/// Reviews the game of `moves` from `start` (checked legal by the caller), with `search` for
/// each position (one search a position: the last move's position is searched too, for the
/// evaluation after it).
pub fn review(
    start: &AnyPosition,
    moves: &[Move],
    mut search: impl FnMut(&AnyPosition, &[u64]) -> SearchResult,
) -> Review {
    let plan = Plan::new(start, moves);
    let searched: Vec<Option<SearchResult>> = (0..plan.len())
        .map(|i| plan.search_at(i).map(|(p, h)| search(p, h)))
        .collect();
    plan.finish(&searched)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Variant;
    use crate::engine::{Engine, Limits, Unlimited};

    #[test]
    fn the_scale_is_lichess_s() {
        assert!((win_percent(0.0) - 50.0).abs() < 1e-9);
        // +100 cp: about 59.1% (2 / (1 + e^-0.368) - 1 = 0.182)
        assert!(
            (win_percent(100.0) - 59.10).abs() < 0.01,
            "{}",
            win_percent(100.0)
        );
        assert!((win_percent(-100.0) + win_percent(100.0) - 100.0).abs() < 1e-9);
        assert!(win_percent(MATE_CP) > 99.99 && win_percent(-MATE_CP) < 0.01);
        assert!((move_accuracy(60.0, 60.0) - 99.9999).abs() < 0.01);
        assert!((move_accuracy(60.0, 40.0) - 40.02).abs() < 0.01);
        assert_eq!(
            move_accuracy(40.0, 60.0),
            move_accuracy(60.0, 60.0),
            "a gain loses nothing"
        );
        assert_eq!(move_accuracy(100.0, 0.0), 0.0, "never below zero");
        assert_eq!(Mark::of_drop(9.9), None);
        assert_eq!(Mark::of_drop(10.0), Some(Mark::Inaccuracy));
        assert_eq!(Mark::of_drop(25.0), Some(Mark::Mistake));
        assert_eq!(Mark::of_drop(30.0), Some(Mark::Blunder));
    }

    fn reviewed(variant: &str, fen: &str, moves: &[&str]) -> Review {
        let v = Variant::parse(variant).unwrap();
        let start = AnyPosition::from_fen(v, fen).unwrap();
        let mut p = start;
        let mut ms = Vec::new();
        for u in moves {
            let m = p.parse_uci(u).unwrap();
            ms.push(m);
            p = p.play_unchecked(m);
        }
        let mut engine = Engine::new(4);
        let limits = Limits {
            depth: Some(6),
            nodes: None,
        };
        review(&start, &ms, |p, h| {
            engine.search_any(p, h, limits, &mut Unlimited)
        })
    }

    #[test]
    fn a_move_that_lets_mate_in_one_is_a_blunder_and_the_refutation_is_found() {
        // 8x8 chess: after 1.f3 e5, 2.g4 lets Qh4 mate
        let r = reviewed(
            "chess",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            &["f2f3", "e7e5", "g2g4", "d8h4"],
        );
        let g4 = &r.moves[2];
        assert_eq!(g4.mark, Some(Mark::Blunder), "{g4:?}");
        assert_eq!(g4.eval, Score::Mate(-1), "after g4 Black mates in one");
        let qh4 = &r.moves[3];
        let before = AnyPosition::from_fen(
            Variant::parse("chess").unwrap(),
            "rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2",
        )
        .unwrap();
        assert_eq!(qh4.best.map(|m| before.uci(&m)).as_deref(), Some("d8h4"));
        assert_eq!(qh4.mark, None, "the mate is the best move");
        assert_eq!(qh4.eval, Score::Mate(0));
        assert_eq!(qh4.end.and_then(|o| o.winner()), Some(Color::Black));
        assert!(r.accuracy[1].unwrap() > r.accuracy[0].unwrap());
        assert_eq!(r.count(Color::White, Mark::Blunder), 1);
        assert_eq!(r.count(Color::Black, Mark::Blunder), 0);
    }
}
