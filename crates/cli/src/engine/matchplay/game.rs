//! One game of a match: the engines asked in turn, the clocks kept, every move judged by
//! Tabula's rules, and the game written as PGN.

use super::engine::Uci;
use super::openings::{Opening, replay_opening};
use super::{MatchSpec, TimeControl};
use std::fmt::Write as _;
use std::time::Duration;
use tabula_chess::{ChessAction, ChessConfig, ChessGame, Color, Outcome};
use tabula_core::Game;

/// The two clocks of a game as the match keeps them: what each `go` says, how long to wait
/// for its answer, and whether a move came in time. Each side may have its own time control
/// (`--tc1`, `--tc2`), both of one kind (checked when the match is set up).
#[derive(Clone, Debug, PartialEq)]
pub(super) struct MatchClock {
    /// White's and Black's time controls.
    tc: [TimeControl; 2],
    /// Milliseconds left, white and black (below zero once a flag fell within the margin).
    left: [i64; 2],
    /// Lateness forgiven, in milliseconds (the pipe and the process switch cost time too).
    margin: u64,
}

impl MatchClock {
    /// Both clocks at the start of a game, White's time control first.
    pub(super) fn new(tc: [TimeControl; 2], margin: u64) -> MatchClock {
        let base = |t: TimeControl| match t {
            TimeControl::Clock { base, .. } => base as i64,
            TimeControl::MoveTime(_) => 0,
        };
        MatchClock {
            tc,
            left: [base(tc[0]), base(tc[1])],
            margin,
        }
    }

    /// The increment of a side's clock (none under a fixed time per move).
    fn inc(&self, side: usize) -> u64 {
        match self.tc[side] {
            TimeControl::Clock { inc, .. } => inc,
            TimeControl::MoveTime(_) => 0,
        }
    }

    /// The `go` command for the side `turn` and how long to wait for its `bestmove`: under a
    /// fixed time per move, four times that and two seconds; under a clock, what is left, the
    /// margin and one second (a later answer has lost on time anyway).
    pub(super) fn go(&self, turn: Color) -> (String, Duration) {
        match self.tc[turn.index()] {
            TimeControl::MoveTime(ms) => (
                format!("go movetime {ms}"),
                Duration::from_millis(ms * 4 + 2000),
            ),
            TimeControl::Clock { .. } => {
                let (w, b) = (self.left[0].max(1), self.left[1].max(1));
                let mine = self.left[turn.index()].max(1) as u64;
                (
                    format!(
                        "go wtime {w} btime {b} winc {} binc {}",
                        self.inc(0),
                        self.inc(1)
                    ),
                    Duration::from_millis(mine + self.margin + 1000),
                )
            }
        }
    }

    /// Charges a move that took `took` to `turn`'s clock and adds the increment; `false` when
    /// it came later than the time left and the margin (the flag fell).
    pub(super) fn charge(&mut self, turn: Color, took: Duration) -> bool {
        let TimeControl::Clock { inc, .. } = self.tc[turn.index()] else {
            return true;
        };
        let left = &mut self.left[turn.index()];
        *left -= took.as_millis() as i64;
        if *left < -(self.margin as i64) {
            return false;
        }
        *left += inc as i64;
        true
    }
}

/// One finished game.
#[derive(Clone, Debug)]
pub(super) struct Played {
    pub(super) index: usize,
    /// Whether engine 1 had white.
    pub(super) first_white: bool,
    /// 1.0, 0.5, 0.0 for white.
    pub(super) white_score: f64,
    pub(super) result: &'static str,
    pub(super) reason: String,
    pub(super) pgn: String,
}

fn result_of(outcome: Outcome) -> (&'static str, f64) {
    match outcome.winner() {
        Some(Color::White) => ("1-0", 1.0),
        Some(Color::Black) => ("0-1", 0.0),
        None => ("1/2-1/2", 0.5),
    }
}

pub(super) fn play_game(
    spec: &MatchSpec,
    engines: &mut [Uci; 2],
    index: usize,
    names: &[String; 2],
) -> anyhow::Result<Played> {
    let opening = &spec.openings[(index / 2) % spec.openings.len()];
    let first_white = index.is_multiple_of(2);
    // engines[0] is engine 1
    let white_engine = if first_white { 0 } else { 1 };
    replay_opening(spec.variant, opening)?;
    let config = ChessConfig {
        variant: spec.variant.name(),
        fen: opening.fen.clone(),
        clock: None,
    };
    let (mut game, _) = ChessGame::start(config, 0, 0)?;
    for m in &opening.moves {
        let player = game.position().turn();
        game.apply(
            &ChessAction::Move {
                player,
                uci: m.clone(),
            },
            0,
        )?;
    }
    for e in engines.iter_mut() {
        e.send("ucinewgame")?;
        e.ready()?;
    }
    // spec.tc is by engine; the clock's by colour
    let tc = if first_white {
        spec.tc
    } else {
        [spec.tc[1], spec.tc[0]]
    };
    let mut clock = MatchClock::new(tc, spec.margin);
    let mut played: Vec<String> = opening.moves.clone();
    let base_cmd = match &opening.fen {
        Some(f) => format!("position fen {f}"),
        None => "position startpos".to_string(),
    };
    let mut ended: Option<(&'static str, f64, String)> = None;
    let mut plies = 0;
    while ended.is_none() {
        if let Some(o) = game.outcome() {
            let (r, s) = result_of(o);
            ended = Some((r, s, o.to_string()));
            break;
        }
        if plies >= spec.max_plies {
            ended = Some((
                "1/2-1/2",
                0.5,
                format!("Draw: adjudicated after {plies} plies"),
            ));
            break;
        }
        let turn = game.position().turn();
        let who = if turn == Color::White {
            white_engine
        } else {
            1 - white_engine
        };
        let position = if played.is_empty() {
            base_cmd.clone()
        } else {
            format!("{base_cmd} moves {}", played.join(" "))
        };
        let (go, timeout) = clock.go(turn);
        let loser_score = if turn == Color::White { 0.0 } else { 1.0 };
        let loser_result = if turn == Color::White { "0-1" } else { "1-0" };
        match engines[who].go(&position, &go, timeout) {
            Err(e) => {
                ended = Some((
                    loser_result,
                    loser_score,
                    format!("{} loses: {e}", names[who]),
                ));
            }
            Ok((m, took)) => {
                if !clock.charge(turn, took) {
                    ended = Some((
                        loser_result,
                        loser_score,
                        format!("{} loses on time", turn.name()),
                    ));
                    continue;
                }
                let action = ChessAction::Move {
                    player: turn,
                    uci: m.clone(),
                };
                match game.apply(&action, 0) {
                    Ok(_) => {
                        played.push(m);
                        plies += 1;
                    }
                    Err(e) => {
                        ended = Some((
                            loser_result,
                            loser_score,
                            format!("{} loses: illegal move `{m}` ({e})", names[who]),
                        ));
                    }
                }
            }
        }
    }
    let (result, white_score, reason) = ended.unwrap_or(("*", 0.5, String::new()));
    let pgn = pgn_text(
        spec,
        &game,
        opening,
        index,
        names,
        white_engine,
        result,
        &reason,
    );
    Ok(Played {
        index,
        first_white,
        white_score,
        result,
        reason,
        pgn,
    })
}

#[allow(clippy::too_many_arguments)]
fn pgn_text(
    spec: &MatchSpec,
    game: &ChessGame,
    opening: &Opening,
    index: usize,
    names: &[String; 2],
    white_engine: usize,
    result: &str,
    reason: &str,
) -> String {
    let mut s = String::new();
    let variant_tag = if spec.variant.is_8x8() {
        "Standard".to_string()
    } else {
        spec.variant.name()
    };
    let _ = writeln!(s, "[Event \"tabula engine match\"]");
    let _ = writeln!(s, "[Site \"tabula\"]");
    let _ = writeln!(s, "[Round \"{}\"]", index + 1);
    let _ = writeln!(s, "[White \"{}\"]", names[white_engine]);
    let _ = writeln!(s, "[Black \"{}\"]", names[1 - white_engine]);
    let _ = writeln!(s, "[Result \"{result}\"]");
    let _ = writeln!(s, "[Variant \"{variant_tag}\"]");
    let start_fen = game.start_position().fen();
    if opening.fen.is_some() || spec.variant.family != tabula_chess::Family::Chess {
        let _ = writeln!(s, "[SetUp \"1\"]");
        let _ = writeln!(s, "[FEN \"{start_fen}\"]");
    }
    let _ = writeln!(s, "[PlyCount \"{}\"]", game.moves().len());
    let _ = writeln!(s, "[Termination \"{}\"]\n", reason.replace('"', "'"));
    let mut p = *game.start_position();
    let mut text = String::new();
    for (i, (uci, _)) in game.moves().iter().enumerate() {
        let Ok(m) = p.parse_uci(uci) else { break };
        let white = p.turn() == Color::White;
        if white {
            let _ = write!(text, "{}. ", p.fullmoves());
        } else if i == 0 {
            let _ = write!(text, "{}... ", p.fullmoves());
        }
        let _ = write!(text, "{} ", p.san(&m));
        p = p.play_unchecked(m);
    }
    let _ = write!(text, "{{{}}} {result}", reason.replace(['{', '}'], ""));
    // wrap at 80 columns
    let mut line = String::new();
    for word in text.split(' ') {
        if line.len() + word.len() + 1 > 80 {
            let _ = writeln!(s, "{}", line.trim_end());
            line.clear();
        }
        line.push_str(word);
        line.push(' ');
    }
    let _ = writeln!(s, "{}\n", line.trim_end());
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    const MS: fn(u64) -> Duration = Duration::from_millis;

    #[test]
    fn a_clock_game_charges_the_mover_and_adds_the_increment() {
        // 10+0.1 with a 50 ms margin, worked by hand
        let ten = TimeControl::Clock {
            base: 10_000,
            inc: 100,
        };
        let mut c = MatchClock::new([ten, ten], 50);
        let (go, wait) = c.go(Color::White);
        assert_eq!(go, "go wtime 10000 btime 10000 winc 100 binc 100");
        assert_eq!(wait, MS(10_000 + 50 + 1000));
        // White thinks 2.5 s: 10,000 - 2,500 + 100 = 7,600
        assert!(c.charge(Color::White, MS(2_500)));
        assert_eq!(
            c.go(Color::Black).0,
            "go wtime 7600 btime 10000 winc 100 binc 100"
        );
        // Black thinks 0.4 s: 9,700; the wait follows the mover's own clock
        assert!(c.charge(Color::Black, MS(400)));
        let (go, wait) = c.go(Color::White);
        assert_eq!(go, "go wtime 7600 btime 9700 winc 100 binc 100");
        assert_eq!(wait, MS(7_600 + 50 + 1000));
        // 40 ms late is within the margin: -40 + 100 = 60 left
        assert!(c.charge(Color::White, MS(7_640)));
        assert_eq!(
            c.go(Color::Black).0,
            "go wtime 60 btime 9700 winc 100 binc 100"
        );
        // 60 - 111 = -51: one millisecond beyond the margin, the flag falls
        assert!(!c.charge(Color::White, MS(111)));
    }

    #[test]
    fn a_clock_below_zero_is_sent_as_one_millisecond() {
        let one = TimeControl::Clock {
            base: 1_000,
            inc: 0,
        };
        let mut c = MatchClock::new([one, one], 50);
        assert!(c.charge(Color::Black, MS(1_030)));
        assert_eq!(c.go(Color::White).0, "go wtime 1000 btime 1 winc 0 binc 0");
    }

    #[test]
    fn a_fixed_time_per_move_never_loses_on_time() {
        let mut c = MatchClock::new([TimeControl::MoveTime(100); 2], 50);
        let (go, wait) = c.go(Color::Black);
        assert_eq!(go, "go movetime 100");
        assert_eq!(wait, MS(100 * 4 + 2000));
        assert!(c.charge(Color::Black, MS(60_000)));
        assert_eq!(c.go(Color::White).0, "go movetime 100");
    }

    #[test]
    fn each_side_thinks_for_its_own_time() {
        // White 100 ms a move, Black four times that
        let c = MatchClock::new([TimeControl::MoveTime(100), TimeControl::MoveTime(400)], 50);
        assert_eq!(
            c.go(Color::White),
            ("go movetime 100".to_string(), MS(2_400))
        );
        assert_eq!(
            c.go(Color::Black),
            ("go movetime 400".to_string(), MS(3_600))
        );
        // clocks of 10+0.1 and 20+0.2: each side's own base and increment
        let mut c = MatchClock::new(
            [
                TimeControl::Clock {
                    base: 10_000,
                    inc: 100,
                },
                TimeControl::Clock {
                    base: 20_000,
                    inc: 200,
                },
            ],
            50,
        );
        assert_eq!(
            c.go(Color::White).0,
            "go wtime 10000 btime 20000 winc 100 binc 200"
        );
        assert!(c.charge(Color::Black, MS(1_000)));
        assert_eq!(
            c.go(Color::White).0,
            "go wtime 10000 btime 19200 winc 100 binc 200"
        );
    }
}
