//! `tabula match`: engine-against-engine games over UCI, judged by Tabula's rules engine.
//!
//! Each opening is played twice, the engines changing colours. Games are adjudicated only by
//! the rules (mate, stalemate, repetition, the fifty-move rule, insufficient material, a
//! lesson game's own endings), by an illegal move, a crash or a lost clock (a loss for that
//! engine), or after `--max-plies` plies (a draw). The last line is one JSON object from
//! engine 1's point of view.

use serde_json::json;
use std::fmt::Write as _;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tabula_chess::engine::{Engine, Limits, Score, Unlimited};
use tabula_chess::{AnyPosition, ChessAction, ChessConfig, ChessGame, Color, Outcome, Variant};
use tabula_core::Game;

/// The time control of a match.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum TimeControl {
    /// A fixed time per move (`go movetime`).
    MoveTime(u64),
    /// A clock: base and increment in milliseconds (`go wtime .. winc ..`).
    Clock {
        /// Starting time.
        base: u64,
        /// Added after each move.
        inc: u64,
    },
}

impl TimeControl {
    /// `100` (ms per move) or `BASE+INC` in seconds as cutechess writes it (`10+0.1`).
    pub fn parse(text: &str) -> Result<TimeControl, String> {
        let bad = || {
            format!(
                "--tc `{text}`: expected milliseconds per move (`100`) or seconds BASE+INC (`10+0.1`)"
            )
        };
        if let Some((b, i)) = text.split_once('+') {
            let b: f64 = b.trim().parse().map_err(|_| bad())?;
            let i: f64 = i.trim().parse().map_err(|_| bad())?;
            if !(b > 0.0 && i >= 0.0 && b < 1e6 && i < 1e4) {
                return Err(bad());
            }
            return Ok(TimeControl::Clock {
                base: (b * 1000.0) as u64,
                inc: (i * 1000.0) as u64,
            });
        }
        match text.trim().parse::<u64>() {
            Ok(ms) if ms > 0 => Ok(TimeControl::MoveTime(ms)),
            _ => Err(bad()),
        }
    }
}

/// One opening: a start position (`None`: the variant's) and moves from it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Opening {
    /// A FEN, or the variant's start.
    pub fen: Option<String>,
    /// UCI moves played from it.
    pub moves: Vec<String>,
}

/// Reads an openings file: one opening per line, either a FEN (optionally followed by
/// `moves ...`) or UCI moves from the start; blank lines and `#` comments are skipped. Every
/// line is checked against the rules, and an error names the line.
pub fn read_openings(variant: Variant, text: &str) -> Result<Vec<Opening>, String> {
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (fen, moves) = if line.contains('/') {
            match line.split_once(" moves ") {
                Some((f, m)) => (Some(f.trim().to_string()), m),
                None => (Some(line.to_string()), ""),
            }
        } else {
            (None, line.strip_prefix("moves ").unwrap_or(line))
        };
        let opening = Opening {
            fen,
            moves: moves.split_whitespace().map(str::to_string).collect(),
        };
        replay_opening(variant, &opening).map_err(|e| format!("openings line {}: {e}", i + 1))?;
        out.push(opening);
    }
    if out.is_empty() {
        return Err("the openings file has no openings".into());
    }
    Ok(out)
}

fn replay_opening(variant: Variant, o: &Opening) -> Result<AnyPosition, String> {
    let mut p = match &o.fen {
        Some(f) => AnyPosition::from_fen(variant, f).map_err(|e| e.to_string())?,
        None => AnyPosition::start(variant),
    };
    for m in &o.moves {
        p = p
            .play_uci(m)
            .map_err(|e| format!("move `{m}`: {}", e.message))?;
    }
    if p.outcome().is_some() {
        return Err("the game is already over".into());
    }
    Ok(p)
}

/// Our own balanced openings: every sequence of `plies` moves from the start, each judged by
/// a fixed-depth search, keeping those within 60 centipawns of level, spread evenly over the
/// list, at most `count`.
pub fn balanced_openings(variant: Variant, count: usize) -> Vec<Opening> {
    let start = AnyPosition::start(variant);
    let plies = if variant.is_8x8() { 2 } else { 4 };
    let mut lines: Vec<(Vec<String>, AnyPosition)> = vec![(Vec::new(), start)];
    for _ in 0..plies {
        let mut next = Vec::new();
        for (moves, p) in &lines {
            if p.outcome().is_some() {
                continue;
            }
            for m in p.legal_moves() {
                // a piece going straight back wastes the opening
                let back = moves.len() >= 2
                    && moves[moves.len() - 2] == {
                        let u = p.uci(&m);
                        format!("{}{}", &u[2..4], &u[0..2])
                    };
                if back {
                    continue;
                }
                let mut ms = moves.clone();
                ms.push(p.uci(&m));
                next.push((ms, p.play_unchecked(m)));
            }
        }
        lines = next;
    }
    let mut engine = Engine::new(8);
    let mut level: Vec<Opening> = Vec::new();
    for (moves, p) in lines {
        if p.outcome().is_some() {
            continue;
        }
        engine.new_game();
        let r = engine.search_any(
            &p,
            &[],
            Limits {
                depth: Some(6),
                nodes: Some(200_000),
            },
            &mut Unlimited,
        );
        if matches!(r.report.score, Score::Cp(c) if c.abs() <= 60) {
            level.push(Opening { fen: None, moves });
        }
    }
    if level.len() <= count {
        return level;
    }
    (0..count)
        .map(|i| level[i * level.len() / count].clone())
        .collect()
}

/// A UCI engine in a child process.
struct Uci {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
    name: String,
}

impl Uci {
    fn start(command: &str, options: &[(String, String)]) -> Result<Uci, String> {
        let mut child = Command::new("sh")
            .arg("-c")
            .arg(command)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| format!("cannot start `{command}`: {e}"))?;
        let stdin = child.stdin.take().ok_or("no stdin")?;
        let stdout = child.stdout.take().ok_or("no stdout")?;
        let (tx, rx) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        let mut e = Uci {
            child,
            stdin,
            lines: rx,
            name: command.to_string(),
        };
        e.send("uci")?;
        let deadline = Duration::from_secs(20);
        loop {
            let line = e
                .read(deadline)
                .map_err(|m| format!("`{command}`: {m} (waiting for uciok)"))?;
            if let Some(n) = line.strip_prefix("id name ") {
                e.name = n.trim().to_string();
            }
            if line.trim() == "uciok" {
                break;
            }
        }
        for (name, value) in options {
            e.send(&format!("setoption name {name} value {value}"))?;
        }
        e.ready()?;
        Ok(e)
    }

    fn send(&mut self, line: &str) -> Result<(), String> {
        writeln!(self.stdin, "{line}")
            .and_then(|_| self.stdin.flush())
            .map_err(|e| format!("{}: cannot write: {e}", self.name))
    }

    fn read(&self, timeout: Duration) -> Result<String, String> {
        match self.lines.recv_timeout(timeout) {
            Ok(l) => Ok(l),
            Err(RecvTimeoutError::Timeout) => Err("no answer in time".into()),
            Err(RecvTimeoutError::Disconnected) => Err("the engine exited".into()),
        }
    }

    fn ready(&mut self) -> Result<(), String> {
        self.send("isready")?;
        loop {
            if self.read(Duration::from_secs(30))?.trim() == "readyok" {
                return Ok(());
            }
        }
    }

    /// Asks for a move; returns it with the time it took.
    fn go(
        &mut self,
        position: &str,
        go: &str,
        timeout: Duration,
    ) -> Result<(String, Duration), String> {
        self.send(position)?;
        self.send(go)?;
        let started = Instant::now();
        loop {
            let left = timeout.saturating_sub(started.elapsed());
            let line = self.read(left.max(Duration::from_millis(1)))?;
            if let Some(rest) = line.strip_prefix("bestmove") {
                let m = rest
                    .split_whitespace()
                    .next()
                    .unwrap_or("(none)")
                    .to_string();
                return Ok((m, started.elapsed()));
            }
        }
    }
}

impl Drop for Uci {
    fn drop(&mut self) {
        let _ = self.send("quit");
        let started = Instant::now();
        while started.elapsed() < Duration::from_millis(500) {
            if matches!(self.child.try_wait(), Ok(Some(_))) {
                return;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The settings of a match.
#[derive(Clone, Debug)]
pub struct MatchSpec {
    /// Command lines of the two engines.
    pub commands: [String; 2],
    /// UCI options for each engine (`UCI_Variant` is added unless given).
    pub options: [Vec<(String, String)>; 2],
    /// The variant both play.
    pub variant: Variant,
    /// Number of games.
    pub games: usize,
    /// Time control.
    pub tc: TimeControl,
    /// Openings (each played with both colours).
    pub openings: Vec<Opening>,
    /// Games at the same time (each with its own two engine processes).
    pub concurrency: usize,
    /// Plies after which a game is drawn by adjudication.
    pub max_plies: usize,
    /// Tolerance on the clock, in milliseconds.
    pub margin: u64,
}

/// One finished game.
#[derive(Clone, Debug)]
struct Played {
    index: usize,
    /// Whether engine 1 had white.
    first_white: bool,
    /// 1.0, 0.5, 0.0 for white.
    white_score: f64,
    result: &'static str,
    reason: String,
    pgn: String,
}

fn result_of(outcome: Outcome) -> (&'static str, f64) {
    match outcome.winner() {
        Some(Color::White) => ("1-0", 1.0),
        Some(Color::Black) => ("0-1", 0.0),
        None => ("1/2-1/2", 0.5),
    }
}

fn play_game(
    spec: &MatchSpec,
    engines: &mut [Uci; 2],
    index: usize,
    names: &[String; 2],
) -> Result<Played, String> {
    let opening = &spec.openings[(index / 2) % spec.openings.len()];
    let first_white = index % 2 == 0;
    // engines[0] is engine 1
    let white_engine = if first_white { 0 } else { 1 };
    replay_opening(spec.variant, opening)?;
    let config = ChessConfig {
        variant: spec.variant.name(),
        fen: opening.fen.clone(),
        clock: None,
    };
    let (mut game, _) = ChessGame::start(config, 0, 0).map_err(|e| e.to_string())?;
    for m in &opening.moves {
        let player = game.position().turn();
        game.apply(
            &ChessAction::Move {
                player,
                uci: m.clone(),
            },
            0,
        )
        .map_err(|e| e.to_string())?;
    }
    for e in engines.iter_mut() {
        e.send("ucinewgame")?;
        e.ready()?;
    }
    let mut clocks = match spec.tc {
        TimeControl::Clock { base, .. } => [base as i64; 2],
        TimeControl::MoveTime(_) => [0; 2],
    };
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
        let (go, timeout) = match spec.tc {
            TimeControl::MoveTime(ms) => (
                format!("go movetime {ms}"),
                Duration::from_millis(ms * 4 + 2000),
            ),
            TimeControl::Clock { inc, .. } => {
                let (w, b) = (clocks[0].max(1), clocks[1].max(1));
                (
                    format!("go wtime {w} btime {b} winc {inc} binc {inc}"),
                    Duration::from_millis(clocks[turn.index()].max(1) as u64 + spec.margin + 1000),
                )
            }
        };
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
                if let TimeControl::Clock { inc, .. } = spec.tc {
                    let c = &mut clocks[turn.index()];
                    *c -= took.as_millis() as i64;
                    if *c < -(spec.margin as i64) {
                        ended = Some((
                            loser_result,
                            loser_score,
                            format!("{} loses on time", turn.name()),
                        ));
                        continue;
                    }
                    *c += inc as i64;
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
    let _ = writeln!(s, "[Event \"tabula match\"]");
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

/// Elo difference for a score fraction (clamped away from 0 and 1).
fn elo(score: f64) -> f64 {
    let s = score.clamp(0.001, 0.999);
    -400.0 * (1.0 / s - 1.0).log10()
}

/// Runs the match; `progress` receives a line per finished game.
pub fn run_match(
    spec: &MatchSpec,
    pgn_path: Option<&str>,
    progress: &mut dyn FnMut(&str),
) -> Result<serde_json::Value, String> {
    if spec.games == 0 {
        return Err("--games must be at least 1".into());
    }
    let mut pgn_file = match pgn_path {
        Some(p) => Some(std::fs::File::create(p).map_err(|e| format!("--pgn `{p}`: {e}"))?),
        None => None,
    };
    let next = Arc::new(Mutex::new(0usize));
    let (tx, rx) = channel::<Result<Played, String>>();
    let names: Arc<Mutex<[String; 2]>> = Arc::new(Mutex::new([String::new(), String::new()]));
    let threads = spec.concurrency.clamp(1, 16).min(spec.games);
    let mut handles = Vec::new();
    for _ in 0..threads {
        let spec = spec.clone();
        let next = Arc::clone(&next);
        let tx = tx.clone();
        let names = Arc::clone(&names);
        handles.push(std::thread::spawn(move || {
            let started = (|| -> Result<[Uci; 2], String> {
                let a = Uci::start(&spec.commands[0], &spec.options[0])?;
                let b = Uci::start(&spec.commands[1], &spec.options[1])?;
                Ok([a, b])
            })();
            let mut engines = match started {
                Ok(e) => e,
                Err(e) => {
                    let _ = tx.send(Err(e));
                    return;
                }
            };
            let mut own = [engines[0].name.clone(), engines[1].name.clone()];
            if own[0] == own[1] {
                own[0].push_str(" (1)");
                own[1].push_str(" (2)");
            }
            if let Ok(mut n) = names.lock() {
                *n = own.clone();
            }
            loop {
                let index = {
                    let Ok(mut n) = next.lock() else { return };
                    let i = *n;
                    *n += 1;
                    i
                };
                if index >= spec.games {
                    return;
                }
                let r = play_game(&spec, &mut engines, index, &own);
                let failed = r.is_err();
                let _ = tx.send(r);
                if failed {
                    return;
                }
                // a crashed engine is restarted for the next game
                for (i, e) in engines.iter_mut().enumerate() {
                    if e.ready().is_err() {
                        match Uci::start(&spec.commands[i], &spec.options[i]) {
                            Ok(fresh) => *e = fresh,
                            Err(err) => {
                                let _ = tx.send(Err(err));
                                return;
                            }
                        }
                    }
                }
            }
        }));
    }
    drop(tx);
    let (mut wins, mut losses, mut draws) = (0usize, 0usize, 0usize);
    let mut results: Vec<Played> = Vec::new();
    let mut error = None;
    for r in rx {
        match r {
            Ok(g) => {
                let first_score = if g.first_white {
                    g.white_score
                } else {
                    1.0 - g.white_score
                };
                if first_score == 1.0 {
                    wins += 1;
                } else if first_score == 0.0 {
                    losses += 1;
                } else {
                    draws += 1;
                }
                let n = wins + losses + draws;
                progress(&format!(
                    "game {:>3}: engine 1 {} {} ({}) | +{wins} -{losses} ={draws} after {n}",
                    g.index + 1,
                    if g.first_white { "white" } else { "black" },
                    g.result,
                    g.reason
                ));
                results.push(g);
            }
            Err(e) => {
                error = Some(e);
            }
        }
    }
    for h in handles {
        let _ = h.join();
    }
    if let Some(f) = pgn_file.as_mut() {
        results.sort_by_key(|g| g.index);
        for g in &results {
            f.write_all(g.pgn.as_bytes())
                .map_err(|e| format!("--pgn: cannot write: {e}"))?;
        }
    }
    let n = wins + losses + draws;
    if n == 0 {
        return Err(error.unwrap_or_else(|| "no game was played".into()));
    }
    if let Some(e) = error {
        progress(&format!("stopped early: {e}"));
    }
    let score = (wins as f64 + draws as f64 / 2.0) / n as f64;
    let var = (wins as f64 * (1.0 - score).powi(2)
        + draws as f64 * (0.5 - score).powi(2)
        + losses as f64 * score.powi(2))
        / n as f64;
    let se = (var / n as f64).sqrt();
    let e = elo(score);
    let margin = (elo(score + 1.96 * se) - elo(score - 1.96 * se)) / 2.0;
    let round = |x: f64| (x * 10.0).round() / 10.0;
    Ok(json!({
        "games": n,
        "wins": wins,
        "losses": losses,
        "draws": draws,
        "score": (score * 1000.0).round() / 1000.0,
        "elo": round(e),
        "elo_error": round(margin),
    }))
}

/// Parses `NAME=VALUE` options and adds `UCI_Variant` unless given.
pub fn options(
    given: &[String],
    variant: Variant,
    flag: &str,
) -> Result<Vec<(String, String)>, String> {
    let mut out = Vec::new();
    for o in given {
        let Some((n, v)) = o.split_once('=') else {
            return Err(format!("{flag} `{o}`: expected NAME=VALUE"));
        };
        out.push((n.trim().to_string(), v.trim().to_string()));
    }
    if !out
        .iter()
        .any(|(n, _)| n.eq_ignore_ascii_case("UCI_Variant"))
    {
        out.insert(0, ("UCI_Variant".into(), variant.name()));
    }
    Ok(out)
}

/// The command line of `tabula match`, unparsed.
pub struct MatchArgs {
    /// The two engines' command lines.
    pub engines: [String; 2],
    /// Variant name.
    pub variant: String,
    /// Number of games.
    pub games: String,
    /// Time control text.
    pub tc: String,
    /// Openings file.
    pub openings: Option<String>,
    /// PGN output file.
    pub pgn: Option<String>,
    /// `NAME=VALUE` options per engine.
    pub options: [Vec<String>; 2],
    /// Games at once.
    pub concurrency: String,
    /// Draw adjudication after this many plies.
    pub max_plies: String,
}

fn spec_of(a: &MatchArgs) -> Result<MatchSpec, String> {
    let variant =
        Variant::parse(&a.variant).map_err(|e| format!("--variant `{}`: {e}", a.variant))?;
    if variant.family == tabula_chess::Family::Blind {
        return Err("--variant blind: engines cannot play the hidden placements; give a FEN after them in --openings and use quickchess".into());
    }
    let number = |text: &str, flag: &str, max: usize| -> Result<usize, String> {
        text.trim()
            .parse::<usize>()
            .ok()
            .filter(|n| (1..=max).contains(n))
            .ok_or(format!("{flag} `{text}` must be a number from 1 to {max}"))
    };
    let games = number(&a.games, "--games", 100_000)?;
    let openings = match &a.openings {
        Some(path) => {
            let text =
                std::fs::read_to_string(path).map_err(|e| format!("--openings `{path}`: {e}"))?;
            read_openings(variant, &text)?
        }
        None => balanced_openings(variant, games.div_ceil(2).min(500)),
    };
    if openings.is_empty() {
        return Err("no balanced opening was found for this variant".into());
    }
    Ok(MatchSpec {
        commands: a.engines.clone(),
        options: [
            options(&a.options[0], variant, "--option1")?,
            options(&a.options[1], variant, "--option2")?,
        ],
        variant,
        games,
        tc: TimeControl::parse(&a.tc)?,
        openings,
        concurrency: number(&a.concurrency, "--concurrency", 16)?,
        max_plies: number(&a.max_plies, "--max-plies", 10_000)?,
        margin: 50,
    })
}

/// `tabula match`: prints a line per game, a summary, and the JSON line.
pub fn command(a: MatchArgs) -> std::process::ExitCode {
    let spec = match spec_of(&a) {
        Ok(s) => s,
        Err(e) => return crate::output::usage_error(&e),
    };
    println!(
        "{} games of {}, {} openings, engine 1 `{}` against engine 2 `{}`",
        spec.games,
        spec.variant,
        spec.openings.len(),
        spec.commands[0],
        spec.commands[1]
    );
    let mut progress = |line: &str| println!("{line}");
    match run_match(&spec, a.pgn.as_deref(), &mut progress) {
        Ok(json) => {
            println!(
                "engine 1 scored {:.1}% ({:+.1} Elo +- {:.1})",
                json["score"].as_f64().unwrap_or(0.0) * 100.0,
                json["elo"].as_f64().unwrap_or(0.0),
                json["elo_error"].as_f64().unwrap_or(0.0)
            );
            println!("{json}");
            std::process::ExitCode::SUCCESS
        }
        Err(e) => crate::output::usage_error(&e),
    }
}
