//! `tabula play`: the puzzle games in a terminal, against the clock or against bots.
//!
//! The games themselves are the library's state machines; this module reads typed commands,
//! keeps a real clock (times passed to the games are milliseconds since the start, scaled by
//! `--speed`), asks the bots what they will do next, and sleeps until the earliest of a bot's
//! action, a game deadline or the player's next line.

use crate::simulate::{default_cards, parse_deck};
use std::io::{BufRead, IsTerminal, Write};
use std::process::ExitCode;
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};
use tabula_core::{Game, Millis};
use tabula_puzzles::checkmates::bot::PartyBot;
use tabula_puzzles::checkmates::party::{
    FailReason, PartyAction, PartyConfig, PartyEvent, PartyGame,
};
use tabula_puzzles::checkmates::solo::{SoloAction, SoloConfig, SoloEvent, SoloGame};
use tabula_puzzles::checkmates::{Board, CheckMatesSolver, Side, Task};
use tabula_puzzles::royal::bot::MatchBot;
use tabula_puzzles::royal::matchplay::{
    MatchAction, MatchConfig, MatchEvent, MatchPhase, PointReason, Role, RoyalMatch,
};
use tabula_puzzles::royal::solo::{
    RoyalSolo, SoloAction as RSoloAction, SoloConfig as RSoloConfig, SoloEvent as RSoloEvent,
};
use tabula_puzzles::royal::{Layout, Level, RoyalSolver, Step};
use tabula_puzzles::{Move, bots};

/// Options of `tabula play checkmates`.
pub struct CheckMatesOptions {
    /// `sliding` or `chess`.
    pub side: String,
    /// Play the solo mode.
    pub solo: bool,
    /// Number of bot opponents in a party.
    pub bots: String,
    /// Their level.
    pub bot_level: String,
    /// `full`, `one-star`, `two-star`.
    pub deck: String,
    /// Seed of the game.
    pub seed: Option<String>,
    /// Clock speed factor.
    pub speed: String,
}

/// Options of `tabula play royal`.
pub struct RoyalOptions {
    /// 1, 2 or 3.
    pub level: String,
    /// Two cards a round.
    pub bonus: bool,
    /// Play solo instead of against a bot.
    pub solo: bool,
    /// The bot's level.
    pub bot_level: String,
    /// Seed of the game.
    pub seed: Option<String>,
    /// Clock speed factor.
    pub speed: String,
}

// ---------------------------------------------------------------------------------------
// The loop

pub(crate) enum Flow {
    Go,
    Quit,
}

pub(crate) trait Session {
    fn is_over(&self) -> bool;
    /// The earliest automatic event (a game deadline or a bot's action), if any.
    fn next_auto(&self) -> Option<Millis>;
    /// Performs the automatic event due at `at`.
    fn run_auto(&mut self, at: Millis);
    /// Handles a typed line at `now`.
    fn command(&mut self, line: &str, now: Millis) -> Flow;
    /// Said when the player leaves or the input ends before the game does.
    fn leave(&mut self, now: Millis);
}

pub(crate) struct Clock {
    pub(crate) start: Instant,
    pub(crate) speed: f64,
}

impl Clock {
    fn now(&self) -> Millis {
        (self.start.elapsed().as_secs_f64() * 1000.0 * self.speed) as Millis
    }

    fn until(&self, at: Millis) -> Duration {
        let now = self.now();
        Duration::from_secs_f64(at.saturating_sub(now) as f64 / 1000.0 / self.speed)
    }
}

fn stdin_lines() -> Receiver<Option<String>> {
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        for line in std::io::stdin().lock().lines() {
            match line {
                Ok(l) => {
                    if tx.send(Some(l)).is_err() {
                        return;
                    }
                }
                Err(_) => break,
            }
        }
        let _ = tx.send(None);
    });
    rx
}

pub(crate) fn run(session: &mut dyn Session, clock: &Clock) -> ExitCode {
    let input = stdin_lines();
    prompt();
    while !session.is_over() {
        let wait = session.next_auto().map(|t| (t, clock.until(t)));
        let received = match wait {
            Some((_, d)) if d.is_zero() => Err(RecvTimeoutError::Timeout),
            Some((_, d)) => input.recv_timeout(d),
            None => input.recv().map_err(|_| RecvTimeoutError::Disconnected),
        };
        match received {
            Ok(Some(line)) => {
                let line = line.trim().to_string();
                if !line.is_empty() {
                    if let Flow::Quit = session.command(&line, clock.now()) {
                        session.leave(clock.now());
                        return ExitCode::SUCCESS;
                    }
                }
                prompt();
            }
            Ok(None) | Err(RecvTimeoutError::Disconnected) => {
                session.leave(clock.now());
                return ExitCode::SUCCESS;
            }
            Err(RecvTimeoutError::Timeout) => {
                if let Some((t, _)) = wait {
                    session.run_auto(t);
                }
            }
        }
    }
    ExitCode::SUCCESS
}

fn interactive() -> bool {
    std::io::stdin().is_terminal() && std::io::stdout().is_terminal()
}

fn prompt() {
    if interactive() {
        let mut out = std::io::stdout().lock();
        let _ = write!(out, "> ").and_then(|_| out.flush());
    }
}

/// Prints a line; on a terminal it first returns over the prompt, which is drawn again after.
pub(crate) fn say(text: impl AsRef<str>) {
    let prefix = if interactive() { "\r" } else { "" };
    if writeln!(std::io::stdout().lock(), "{prefix}{}", text.as_ref()).is_err() {
        std::process::exit(0); // the reader went away (a closed pipe): nothing left to do
    }
}

fn seconds(ms: Millis) -> String {
    format!("{}:{:02}.{}", ms / 60_000, ms / 1000 % 60, ms / 100 % 10)
}

// ---------------------------------------------------------------------------------------
// Drawing

fn colour(ch: char, side: Option<Side>) -> String {
    if !std::io::stdout().is_terminal() {
        return ch.to_string();
    }
    let code = match (side, ch) {
        (Some(Side::Sliding), 'b') => "1;34",
        (Some(Side::Sliding), 'r') => "1;31",
        (Some(Side::Sliding), 'g') => "1;32",
        (Some(Side::Sliding), 'j') => "1;35",
        (_, '.') => "2",
        (_, c) if c.is_ascii_uppercase() => "1",
        _ => "0",
    };
    format!("\x1b[{code}m{ch}\x1b[0m")
}

/// Draws boards side by side, each with a title and file/rank labels.
fn draw(grids: &[(&str, String, Option<Side>)]) {
    let mut lines = vec![String::new(); 5];
    for (title, text, side) in grids {
        let ranks: Vec<&str> = text.split('/').collect();
        lines[0].push_str(&format!("   {title:<11}"));
        lines[1].push_str("   a b c     ");
        for (i, rank) in ranks.iter().enumerate() {
            let cells: Vec<String> = rank.chars().map(|c| colour(c, *side)).collect();
            lines[2 + i].push_str(&format!("{}  {}     ", 3 - i, cells.join(" ")));
        }
    }
    for l in lines {
        say(l.trim_end());
    }
}

// ---------------------------------------------------------------------------------------
// Check Mates solo

struct CheckMatesSolo {
    game: SoloGame,
    side: Side,
}

impl CheckMatesSolo {
    fn show(&self) {
        if let Some(task) = self.game.task() {
            draw(&[
                ("board", self.game.board().to_string(), Some(self.side)),
                (
                    &format!(
                        "task {}/{}",
                        self.game.current() + 1,
                        self.game.tasks().len()
                    ),
                    task.to_string(),
                    Some(self.side),
                ),
            ]);
        }
    }

    fn events(&self, events: Vec<SoloEvent>) {
        for e in events {
            match e {
                SoloEvent::TaskMet {
                    index,
                    moves,
                    elapsed,
                } => say(format!(
                    "Task {} met in {moves} moves at {}.",
                    index + 1,
                    seconds(elapsed)
                )),
                SoloEvent::Finished { total_ms, rating } => {
                    say(format!("All tasks done in {}: {rating}", seconds(total_ms)))
                }
                SoloEvent::Abandoned => say("Run abandoned."),
                SoloEvent::CardRevealed { .. } | SoloEvent::Moved { .. } => {}
            }
        }
        if !self.game.is_over() {
            self.show();
        }
    }
}

impl Session for CheckMatesSolo {
    fn is_over(&self) -> bool {
        self.game.is_over()
    }
    fn next_auto(&self) -> Option<Millis> {
        None
    }
    fn run_auto(&mut self, _at: Millis) {}
    fn command(&mut self, line: &str, now: Millis) -> Flow {
        match line {
            "quit" | "q" => return Flow::Quit,
            "help" | "?" => say(
                "Type moves like a1-a2. The clock runs until the tenth task is met. `board` redraws, `quit` leaves.",
            ),
            "board" => self.show(),
            _ => match Move::parse(line) {
                Ok(mv) => match self.game.apply(&SoloAction::Move { mv }, now) {
                    Ok(ev) => self.events(ev),
                    Err(e) => say(format!("{e}")),
                },
                Err(e) => say(format!("{e} (type `help`)")),
            },
        }
        Flow::Go
    }
    fn leave(&mut self, now: Millis) {
        if !self.game.is_over() {
            let _ = self.game.apply(&SoloAction::Abandon, now);
            say(format!(
                "Left after {} of {} tasks.",
                self.game.current(),
                self.game.tasks().len()
            ));
        }
    }
}

// ---------------------------------------------------------------------------------------
// Check Mates party against bots

struct CheckMatesParty {
    game: PartyGame,
    side: Side,
    solver: CheckMatesSolver,
    bots: Vec<PartyBot>,
    /// The task of the round being reported (events are printed after the game moved on).
    shown_task: Option<(Task, u8)>,
}

impl CheckMatesParty {
    fn name(&self, player: u8) -> String {
        match self.bots.iter().find(|b| b.player == player) {
            Some(b) => format!("Bot {} (level {})", b.player, b.level),
            None => "You".into(),
        }
    }

    fn show(&self) {
        if let Some(card) = self.game.card() {
            self.draw_with(*self.game.board(), card.task, card.stars);
        }
    }

    fn draw_with(&self, board: Board, task: Task, stars: u8) {
        draw(&[
            ("board", board.to_string(), Some(self.side)),
            (
                &format!("task {}", "*".repeat(stars as usize)),
                task.to_string(),
                Some(self.side),
            ),
        ]);
    }

    fn events(&mut self, events: Vec<PartyEvent>) {
        for e in events {
            match e {
                PartyEvent::CardRevealed {
                    round,
                    card,
                    cards_left,
                } => {
                    say(format!(
                        "\nRound {round}: card {} ({} star{}), {cards_left} left in the deck.",
                        card.number,
                        card.stars,
                        if card.stars == 1 { "" } else { "s" }
                    ));
                    self.shown_task = Some((card.task, card.stars));
                    self.show();
                    say("Announce a number of moves (`bid 4` or just `4`).");
                }
                PartyEvent::Announced { player, bid, .. } => say(format!(
                    "{} announce{} {bid}. The count of five starts.",
                    self.name(player),
                    if player == 0 { "" } else { "s" }
                )),
                PartyEvent::ProverChosen { player, bid } => {
                    say(format!(
                        "Nobody interrupted: {} must prove {bid}.",
                        self.name(player)
                    ));
                    if player == 0 {
                        say(
                            "Your proof: type moves like a1-a2; `stop` when done, `give up` to take the penalty.",
                        );
                    }
                }
                PartyEvent::Moved {
                    player,
                    mv,
                    made,
                    board,
                } => {
                    say(format!("{}: {mv} (move {made})", self.name(player)));
                    if let Some((task, stars)) = self.shown_task {
                        self.draw_with(board, task, stars);
                    }
                }
                PartyEvent::ProofSucceeded {
                    player,
                    bid: 0,
                    stars,
                    ..
                } => say(format!(
                    "{} announce{} 0: the board already meets the task. {stars} star{} won.",
                    self.name(player),
                    if player == 0 { "" } else { "s" },
                    if stars == 1 { "" } else { "s" }
                )),
                PartyEvent::ProofSucceeded {
                    player,
                    moves,
                    bid,
                    stars,
                    rotation,
                } => say(format!(
                    "Proof succeeds: {} met the task (turned {rotation}°) in {moves} of {bid} moves and wins {stars} star{}.",
                    self.name(player),
                    if stars == 1 { "" } else { "s" }
                )),
                PartyEvent::ProofFailed {
                    player,
                    moves,
                    bid,
                    reason,
                } => {
                    let why = match reason {
                        FailReason::GaveUp => "gave up".to_string(),
                        FailReason::BidUsedUp => {
                            format!("used all {bid} moves without meeting the task")
                        }
                        FailReason::Stopped => {
                            format!("stopped after {moves} moves short of the task")
                        }
                        FailReason::ZeroNotMet => {
                            "announced 0 but the board does not meet the task".to_string()
                        }
                    };
                    say(format!(
                        "Mistake: {} {why}. Penalty card.",
                        self.name(player)
                    ));
                }
                PartyEvent::CardSetAside { .. } => {
                    say("Nobody announced in time: the card is set aside.")
                }
                PartyEvent::GameOver { standings } => {
                    say("\nThe deck is empty. Final scores:");
                    for s in standings {
                        say(format!(
                            "  {:<20} {:>3} points ({} stars, {} penalties){}",
                            self.name(s.player),
                            s.score,
                            s.stars,
                            s.penalties,
                            if s.winner { "  winner" } else { "" }
                        ));
                    }
                }
            }
        }
    }

    fn act(&mut self, action: PartyAction, now: Millis) {
        let result = self.game.apply(&action, now);
        match result {
            Ok(ev) => self.events(ev),
            Err(e) => say(format!("{e}")),
        }
    }
}

impl Session for CheckMatesParty {
    fn is_over(&self) -> bool {
        self.game.is_over()
    }
    fn next_auto(&self) -> Option<Millis> {
        let bots = self
            .bots
            .iter()
            .filter_map(|b| b.next_action(&self.game, &self.solver))
            .map(|(t, _)| t);
        bots.chain(self.game.next_deadline()).min()
    }
    fn run_auto(&mut self, at: Millis) {
        // a deadline first, as the game itself orders them
        if self.game.next_deadline().is_some_and(|d| d <= at) {
            return self.act(PartyAction::Tick, at);
        }
        let due = self
            .bots
            .iter()
            .filter_map(|b| b.next_action(&self.game, &self.solver))
            .filter(|(t, _)| *t <= at)
            .min_by_key(|(t, _)| *t);
        if let Some((t, a)) = due {
            self.act(a, t.max(self.game.now()));
        }
    }
    fn command(&mut self, line: &str, now: Millis) -> Flow {
        let words: Vec<&str> = line.split_whitespace().collect();
        let action = match words.as_slice() {
            ["quit"] | ["q"] => return Flow::Quit,
            ["help"] | ["?"] => {
                say(
                    "`bid N` (or just N) announces; moves like a1-a2 prove; `stop`, `give up`; `board`, `score`, `quit`.",
                );
                return Flow::Go;
            }
            ["board"] => {
                self.show();
                return Flow::Go;
            }
            ["score"] => {
                for s in self.game.standings() {
                    say(format!("  {:<20} {:>3}", self.name(s.player), s.score));
                }
                return Flow::Go;
            }
            ["stop"] => PartyAction::Stop { player: 0 },
            ["give", "up"] | ["giveup"] => PartyAction::GiveUp { player: 0 },
            ["bid", n] | [n] if n.parse::<u32>().is_ok() => PartyAction::Announce {
                player: 0,
                bid: n.parse().unwrap_or(0),
            },
            [m] => match Move::parse(m) {
                Ok(mv) => PartyAction::Move { player: 0, mv },
                Err(e) => {
                    say(format!("{e} (type `help`)"));
                    return Flow::Go;
                }
            },
            _ => {
                say("Not understood (type `help`).");
                return Flow::Go;
            }
        };
        self.act(action, now.max(self.game.now()));
        Flow::Go
    }
    fn leave(&mut self, _now: Millis) {
        if !self.game.is_over() {
            say("You left the table.");
        }
    }
}

// ---------------------------------------------------------------------------------------
// The Royal Study

fn parse_step(line: &str, cards: usize) -> Result<Step, String> {
    tabula_puzzles::royal::verify::parse_execution(line, cards as u8)
        .map_err(|e| e.reason)
        .and_then(|steps| {
            steps
                .first()
                .copied()
                .ok_or_else(|| "nothing to do".to_string())
        })
}

fn card_grids(
    run_layout: Layout,
    cards: &[Layout],
    orientations: Option<&[tabula_core::Symmetry]>,
) -> Vec<(String, String)> {
    let mut grids = vec![("pieces".to_string(), run_layout.to_string())];
    for (i, c) in cards.iter().enumerate() {
        let o = orientations.map_or(tabula_core::Symmetry::Identity, |o| o[i]);
        let title = if cards.len() == 1 {
            "card".to_string()
        } else {
            format!("card {}", i + 1)
        };
        grids.push((title, c.transformed(o).to_string()));
    }
    grids
}

fn draw_plain(grids: Vec<(String, String)>) {
    let g: Vec<(&str, String, Option<Side>)> = grids
        .iter()
        .map(|(t, s)| (t.as_str(), s.clone(), None))
        .collect();
    draw(&g);
}

struct RoyalVsBot {
    game: RoyalMatch,
    solver: RoyalSolver,
    bot: MatchBot,
}

impl RoyalVsBot {
    fn name(&self, p: u8) -> String {
        if p == self.bot.player {
            format!("Bot (level {})", self.bot.level)
        } else {
            "You".into()
        }
    }

    fn show(&self) {
        match self.game.phase() {
            MatchPhase::Executing { run, .. } => draw_plain(card_grids(
                run.layout(),
                run.cards(),
                Some(run.orientations()),
            )),
            MatchPhase::Over { .. } => {}
            _ => draw_plain(card_grids(self.game.layout(), self.game.cards(), None)),
        }
    }

    fn events(&self, events: Vec<MatchEvent>) {
        for e in events {
            match e {
                MatchEvent::CardsDrawn { round, cards } => {
                    let [a, b] = self.game.scores();
                    say(format!(
                        "\nRound {round} (you {a}, bot {b}): {} drawn.",
                        if cards.len() == 1 {
                            "a card is"
                        } else {
                            "two cards are"
                        }
                    ));
                    self.show();
                    say("Announce a number (`bid N`), or wait for the bot.");
                }
                MatchEvent::Announced { player, bid, .. } => {
                    say(format!(
                        "{} announce{} {bid}; the hourglass runs {} s.",
                        self.name(player),
                        if player == 0 { "" } else { "s" },
                        self.game.config().hourglass_ms / 1000
                    ));
                    if player != 0 {
                        say("`challenge` if you can do it in fewer, `accept` to let the bot go.");
                    }
                }
                MatchEvent::Challenged { player } => say(format!(
                    "{} challenge{}!",
                    self.name(player),
                    if player == 0 { "" } else { "s" }
                )),
                MatchEvent::ExecutionStarted {
                    executor,
                    role,
                    at_most,
                } => {
                    let need = match (role, at_most) {
                        (Role::Announcer, Some(n)) => format!("at most {n}"),
                        (Role::Challenger, Some(n)) => {
                            format!("at most {n} (fewer than announced)")
                        }
                        (_, None) => "fewer than 0: impossible".into(),
                    };
                    say(format!(
                        "{} execute{}: {need}.",
                        self.name(executor),
                        if executor == 0 { "" } else { "s" }
                    ));
                    if executor == 0 {
                        say(
                            "Moves like a1-b2; card actions turn+ turn- mirror-lr mirror-tb (1:turn+ with two cards); `give up`.",
                        );
                    }
                }
                MatchEvent::Stepped {
                    player,
                    step,
                    count,
                    layout,
                    cards,
                } => {
                    say(format!("{}: {step} ({count})", self.name(player)));
                    draw_plain(card_grids(layout, &cards, None));
                }
                MatchEvent::CardCompleted { card, count } => {
                    say(format!("Card {card} complete after {count}."))
                }
                MatchEvent::PointScored {
                    player,
                    reason,
                    scores,
                } => {
                    let why = match reason {
                        PointReason::Completed => "completed as announced",
                        PointReason::TooManyMoves => "the executor could not make it in time",
                        PointReason::GaveUp => "the executor gave up",
                        PointReason::OutOfTime => "the execution ran out of time",
                    };
                    say(format!(
                        "Point to {} ({why}). Score: you {}, bot {}.",
                        self.name(player).to_lowercase(),
                        scores[0],
                        scores[1]
                    ));
                }
                MatchEvent::MatchOver { winner, scores } => say(format!(
                    "\nMatch over, {}-{}: {}.",
                    scores[0],
                    scores[1],
                    match winner {
                        Some(0) => "you win".to_string(),
                        Some(_) => "the bot wins".to_string(),
                        None => "a draw".to_string(),
                    }
                )),
            }
        }
    }

    fn act(&mut self, a: MatchAction, now: Millis) {
        match self.game.apply(&a, now) {
            Ok(ev) => self.events(ev),
            Err(e) => say(format!("{e}")),
        }
    }
}

impl Session for RoyalVsBot {
    fn is_over(&self) -> bool {
        self.game.is_over()
    }
    fn next_auto(&self) -> Option<Millis> {
        let bot = self
            .bot
            .next_action(&self.game, &self.solver)
            .map(|(t, _)| t);
        bot.into_iter().chain(self.game.next_deadline()).min()
    }
    fn run_auto(&mut self, at: Millis) {
        if self.game.next_deadline().is_some_and(|d| d <= at) {
            return self.act(MatchAction::Tick, at);
        }
        if let Some((t, a)) = self
            .bot
            .next_action(&self.game, &self.solver)
            .filter(|(t, _)| *t <= at)
        {
            self.act(a, t.max(self.game.now()));
        }
    }
    fn command(&mut self, line: &str, now: Millis) -> Flow {
        let words: Vec<&str> = line.split_whitespace().collect();
        let now = now.max(self.game.now());
        let action = match words.as_slice() {
            ["quit"] | ["q"] => return Flow::Quit,
            ["help"] | ["?"] => {
                say(
                    "`bid N`, `challenge`, `accept`; moves a1-b2; turn+ turn- mirror-lr mirror-tb; `give up`; `board`; `quit`.",
                );
                return Flow::Go;
            }
            ["board"] => {
                self.show();
                return Flow::Go;
            }
            ["bid", n] | [n] if n.parse::<u32>().is_ok() => MatchAction::Announce {
                player: 0,
                bid: n.parse().unwrap_or(0),
            },
            ["challenge"] => MatchAction::Challenge { player: 0 },
            ["accept"] | ["pass"] => MatchAction::Accept { player: 0 },
            ["give", "up"] | ["giveup"] => MatchAction::GiveUp { player: 0 },
            [s] => match parse_step(s, self.game.cards().len()) {
                Ok(Step::Move(mv)) => MatchAction::Move { player: 0, mv },
                Ok(Step::Action { card, action }) => MatchAction::Card {
                    player: 0,
                    card,
                    action,
                },
                Err(e) => {
                    say(format!("{e} (type `help`)"));
                    return Flow::Go;
                }
            },
            _ => {
                say("Not understood (type `help`).");
                return Flow::Go;
            }
        };
        self.act(action, now);
        Flow::Go
    }
    fn leave(&mut self, _now: Millis) {
        if !self.game.is_over() {
            say("You left the match.");
        }
    }
}

struct RoyalSoloSession {
    game: RoyalSolo,
    solver: RoyalSolver,
}

impl RoyalSoloSession {
    fn show(&self) {
        let run = self.game.run();
        draw_plain(card_grids(
            run.layout(),
            run.cards(),
            Some(run.orientations()),
        ));
    }

    fn events(&self, events: Vec<RSoloEvent>) {
        for e in events {
            match e {
                RSoloEvent::CardsDrawn { index, .. } => {
                    say(format!("\nCard {}: start recorded.", index + 1));
                    self.show();
                }
                RSoloEvent::Stepped {
                    step,
                    count,
                    layout,
                    cards,
                } => {
                    say(format!("{step} ({count})"));
                    draw_plain(card_grids(layout, &cards, None));
                }
                RSoloEvent::Completed { count, best } => {
                    let optimum = self
                        .game
                        .optimum(&self.solver)
                        .map_or("?".into(), |o| o.to_string());
                    say(format!(
                        "Complete in {count} (your best {best}; the optimum is {optimum}). `retry` from the recorded start, or `next`."
                    ));
                }
                RSoloEvent::Retried { attempt } => {
                    say(format!("Attempt {attempt}: back to the recorded start."));
                    self.show();
                }
                RSoloEvent::DeckEmpty => say("The deck is empty."),
            }
        }
    }
}

impl Session for RoyalSoloSession {
    fn is_over(&self) -> bool {
        self.game.is_over()
    }
    fn next_auto(&self) -> Option<Millis> {
        None
    }
    fn run_auto(&mut self, _at: Millis) {}
    fn command(&mut self, line: &str, now: Millis) -> Flow {
        let action = match line {
            "quit" | "q" => return Flow::Quit,
            "help" | "?" => {
                say(
                    "Moves a1-b2; card actions turn+ turn- mirror-lr mirror-tb (1:turn+ with two cards); `retry`, `next`, `board`, `quit`.",
                );
                return Flow::Go;
            }
            "board" => {
                self.show();
                return Flow::Go;
            }
            "retry" => RSoloAction::Retry,
            "next" => RSoloAction::Next,
            s => match parse_step(s, self.game.run().cards().len()) {
                Ok(Step::Move(mv)) => RSoloAction::Move { mv },
                Ok(Step::Action { card, action }) => RSoloAction::Card { card, action },
                Err(e) => {
                    say(format!("{e} (type `help`)"));
                    return Flow::Go;
                }
            },
        };
        match self.game.apply(&action, now) {
            Ok(ev) => self.events(ev),
            Err(e) => say(format!("{e}")),
        }
        Flow::Go
    }
    fn leave(&mut self, _now: Millis) {
        let done = self
            .game
            .results()
            .iter()
            .filter(|r| r.best.is_some())
            .count();
        say(format!("Cards completed: {done}."));
    }
}

// ---------------------------------------------------------------------------------------
// Entry points

fn parse_speed(text: &str) -> Result<f64, String> {
    text.parse::<f64>()
        .ok()
        .filter(|s| s.is_finite() && *s > 0.0 && *s <= 1000.0)
        .ok_or_else(|| format!("--speed `{text}` must be a number above 0 and at most 1000"))
}

pub(crate) fn parse_seed(seed: &Option<String>) -> Result<u64, String> {
    match seed {
        Some(s) => s
            .trim()
            .parse()
            .map_err(|_| format!("--seed `{s}` is not a whole number")),
        None => Ok(std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(1, |d| d.as_nanos() as u64)),
    }
}

fn parse_bot_level(text: &str) -> Result<u8, String> {
    text.parse::<u8>()
        .ok()
        .filter(|l| (1..=bots::MAX_LEVEL).contains(l))
        .ok_or_else(|| format!("--bot-level `{text}` must be 1 to {}", bots::MAX_LEVEL))
}

pub(crate) fn fail(message: String) -> ExitCode {
    eprintln!("error: {message}");
    ExitCode::from(2)
}

/// `tabula play checkmates`.
pub fn checkmates(o: CheckMatesOptions) -> ExitCode {
    let setup = || -> Result<(Side, u64, f64, tabula_puzzles::checkmates::party::DeckChoice), String> {
        Ok((crate::puzzles::parse_side(&o.side)?, parse_seed(&o.seed)?, parse_speed(&o.speed)?, parse_deck(&o.deck)?))
    };
    let (side, seed, speed, deck) = match setup() {
        Ok(x) => x,
        Err(e) => return fail(e),
    };
    let sliding = CheckMatesSolver::new(Side::Sliding);
    let chess = CheckMatesSolver::new(Side::Chess);
    let cards = default_cards(side, &sliding, &chess);
    let clock = Clock {
        start: Instant::now(),
        speed,
    };
    say(format!(
        "Check Mates, {side} side (seed {seed}). Type `help` for commands."
    ));
    if o.solo {
        let config = SoloConfig { side, cards, deck };
        let (game, _) = match SoloGame::start(config, seed, 0) {
            Ok(g) => g,
            Err(e) => return fail(e.to_string()),
        };
        say("Solo: meet ten tasks in turn; the clock is running.");
        let s = CheckMatesSolo { game, side };
        s.show();
        let mut s = s;
        return run(&mut s, &clock);
    }
    let (n, level) = match (
        o.bots.parse::<u8>().ok().filter(|n| (1..=5).contains(n)),
        parse_bot_level(&o.bot_level),
    ) {
        (Some(n), Ok(l)) => (n, l),
        (None, _) => {
            return fail(format!(
                "--bots `{}` must be 1 to 5 (a table seats six)",
                o.bots
            ));
        }
        (_, Err(e)) => return fail(e),
    };
    let config = PartyConfig::new(side, n + 1, cards, deck);
    let (game, opening) = match PartyGame::start(config, seed, 0) {
        Ok(g) => g,
        Err(e) => return fail(e.to_string()),
    };
    let solver = if side == Side::Sliding {
        sliding
    } else {
        chess
    };
    let bots = (1..=n)
        .map(|p| PartyBot {
            player: p,
            level,
            seed: tabula_core::rng::mix(&[seed, u64::from(p)]),
        })
        .collect();
    let mut s = CheckMatesParty {
        game,
        side,
        solver,
        bots,
        shown_task: None,
    };
    s.events(opening);
    run(&mut s, &clock)
}

/// `tabula play royal`.
pub fn royal(o: RoyalOptions) -> ExitCode {
    let setup = || -> Result<(Level, u64, f64), String> {
        Ok((
            crate::puzzles::parse_level(&o.level)?,
            parse_seed(&o.seed)?,
            parse_speed(&o.speed)?,
        ))
    };
    let (level, seed, speed) = match setup() {
        Ok(x) => x,
        Err(e) => return fail(e),
    };
    let solver = RoyalSolver::new();
    let cards =
        tabula_puzzles::royal::deck::generate(&solver, tabula_puzzles::royal::deck::DEFAULT_SEED)
            .cards;
    let clock = Clock {
        start: Instant::now(),
        speed,
    };
    say(format!(
        "The Royal Study, level {} (seed {seed}). Type `help` for commands.",
        level.number()
    ));
    if o.solo {
        let (game, opening) = match RoyalSolo::start(
            RSoloConfig {
                level,
                bonus: o.bonus,
                cards,
            },
            seed,
            0,
        ) {
            Ok(g) => g,
            Err(e) => return fail(e.to_string()),
        };
        let mut s = RoyalSoloSession { game, solver };
        s.events(opening);
        return run(&mut s, &clock);
    }
    let bot_level = match parse_bot_level(&o.bot_level) {
        Ok(l) => l,
        Err(e) => return fail(e),
    };
    let (game, opening) = match RoyalMatch::start(MatchConfig::new(level, o.bonus, cards), seed, 0)
    {
        Ok(g) => g,
        Err(e) => return fail(e.to_string()),
    };
    let bot = MatchBot {
        player: 1,
        level: bot_level,
        seed: tabula_core::rng::mix(&[seed, 1]),
    };
    let mut s = RoyalVsBot { game, solver, bot };
    s.events(opening);
    run(&mut s, &clock)
}
