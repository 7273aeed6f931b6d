//! `tabula play royal`: a match to six points against a bot, or the solo run with the optimum
//! shown after each card.

use super::grid::draw_plain;
use super::{Clock, Session, bid, run, say};
use crate::cli::parse::{self, LevelChoice};
use tabula_core::{Game, Millis};
use tabula_puzzles::bots;
use tabula_puzzles::royal::bot::MatchBot;
use tabula_puzzles::royal::matchplay::{
    MatchAction, MatchConfig, MatchEvent, MatchPhase, PointReason, Role, RoyalMatch,
};
use tabula_puzzles::royal::solo::{
    RoyalSolo, SoloAction as RSoloAction, SoloConfig as RSoloConfig, SoloEvent as RSoloEvent,
};
use tabula_puzzles::royal::{Layout, Level, RoyalSolver, Step};

/// Options of `tabula play royal`.
#[derive(clap::Args)]
pub struct RoyalOptions {
    /// The level: 1, 2 (card turns) or 3 (turns and mirrors).
    #[arg(long, value_enum, default_value = "1")]
    level: LevelChoice,
    /// Two cards a round (the bonus challenge).
    #[arg(long)]
    bonus: bool,
    /// Solo: cards one after another, the optimum shown after each.
    #[arg(long)]
    solo: bool,
    /// The bot's level, 1 (beginner) to 6 (never wrong).
    #[arg(long, default_value = "3", value_parser = clap::value_parser!(u8).range(1..=bots::MAX_LEVEL as i64))]
    bot_level: u8,
    /// Seed (a random one if not given).
    #[arg(long)]
    seed: Option<u64>,
    /// Seconds the hourglass runs: the time to challenge an announcement (a match only).
    #[arg(long = "hourglass", value_name = "SECONDS", default_value = "60", value_parser = parse::seconds, conflicts_with = "solo")]
    hourglass_ms: u64,
    /// The optional rule: seconds the executor has to complete the card(s); without it there
    /// is no limit (a match only).
    #[arg(long = "execution-limit", value_name = "SECONDS", value_parser = parse::seconds, conflicts_with = "solo")]
    execution_limit_ms: Option<u64>,
    /// Clock speed factor.
    #[arg(long, default_value = "1", value_parser = parse::speed)]
    speed: f64,
}

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
                MatchEvent::CardsSetAside { round } => say(format!(
                    "Nobody announced in {} s: round {round}'s card is set aside, unscored.",
                    self.game.config().announce_limit_ms.unwrap_or_default() / 1000
                )),
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
                    let within = self
                        .game
                        .config()
                        .execution_limit_ms
                        .map_or(String::new(), |ms| format!(", within {} s", ms / 1000));
                    say(format!(
                        "{} execute{}: {need}{within}.",
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
                    draw_plain(&card_grids(layout, &cards, None));
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
                        PointReason::TooManyMoves => {
                            "the executor could not finish within the moves allowed"
                        }
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
    fn help(&self) -> &'static str {
        "`bid N` (or just N), `challenge`, `accept`; moves a1-b2; card actions turn+ turn- mirror-lr mirror-tb (1:turn+ with two cards); `give up`."
    }
    fn show(&self) {
        match self.game.phase() {
            MatchPhase::Executing { run, .. } => draw_plain(&card_grids(
                run.layout(),
                run.cards(),
                Some(run.orientations()),
            )),
            MatchPhase::Over { .. } => {}
            _ => draw_plain(&card_grids(self.game.layout(), self.game.cards(), None)),
        }
    }
    fn command(&mut self, line: &str, now: Millis) {
        let words: Vec<&str> = line.split_whitespace().collect();
        let action = match (bid(&words), words.as_slice()) {
            (Some(bid), _) => MatchAction::Announce { player: 0, bid },
            (_, ["challenge"]) => MatchAction::Challenge { player: 0 },
            (_, ["accept"] | ["pass"]) => MatchAction::Accept { player: 0 },
            (_, ["give", "up"] | ["giveup"]) => MatchAction::GiveUp { player: 0 },
            (_, [s]) => match parse_step(s, self.game.cards().len()) {
                Ok(Step::Move(mv)) => MatchAction::Move { player: 0, mv },
                Ok(Step::Action { card, action }) => MatchAction::Card {
                    player: 0,
                    card,
                    action,
                },
                Err(e) => return say(format!("{e} (type `help`)")),
            },
            _ => return say("Not understood (type `help`)."),
        };
        self.act(action, now.max(self.game.now()));
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
                    draw_plain(&card_grids(layout, &cards, None));
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
    fn help(&self) -> &'static str {
        "Moves a1-b2; card actions turn+ turn- mirror-lr mirror-tb (1:turn+ with two cards); `retry` from the recorded start, `next` card."
    }
    fn show(&self) {
        let run = self.game.run();
        draw_plain(&card_grids(
            run.layout(),
            run.cards(),
            Some(run.orientations()),
        ));
    }
    fn command(&mut self, line: &str, now: Millis) {
        let action = match line {
            "retry" => RSoloAction::Retry,
            "next" => RSoloAction::Next,
            s => match parse_step(s, self.game.run().cards().len()) {
                Ok(Step::Move(mv)) => RSoloAction::Move { mv },
                Ok(Step::Action { card, action }) => RSoloAction::Card { card, action },
                Err(e) => return say(format!("{e} (type `help`)")),
            },
        };
        match self.game.apply(&action, now) {
            Ok(ev) => self.events(ev),
            Err(e) => say(format!("{e}")),
        }
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

/// `tabula play royal`.
pub fn play(o: RoyalOptions) -> anyhow::Result<()> {
    let level = Level::from(o.level);
    let seed = parse::seed_or_random(o.seed);
    let solver = RoyalSolver::new();
    let cards =
        tabula_puzzles::royal::deck::generate(&solver, tabula_puzzles::royal::deck::DEFAULT_SEED)
            .cards;
    let clock = Clock::new(o.speed);
    say(format!(
        "The Royal Study, level {} (seed {seed}). Type `help` for commands.",
        level.number()
    ));
    if o.solo {
        let config = RSoloConfig {
            level,
            bonus: o.bonus,
            cards,
        };
        let (game, opening) = RoyalSolo::start(config, seed, 0)?;
        let mut s = RoyalSoloSession { game, solver };
        s.events(opening);
        run(&mut s, &clock);
        return Ok(());
    }
    let mut config = MatchConfig::new(level, o.bonus, cards);
    config.hourglass_ms = o.hourglass_ms;
    config.execution_limit_ms = o.execution_limit_ms;
    say(format!(
        "A match to {} points against a level {} bot; the hourglass runs {} s; {}.",
        config.target,
        o.bot_level,
        config.hourglass_ms / 1000,
        match config.execution_limit_ms {
            Some(ms) => format!("an execution must be done within {} s", ms / 1000),
            None => "an execution has no time limit".to_string(),
        }
    ));
    let (game, opening) = RoyalMatch::start(config, seed, 0)?;
    let bot = MatchBot {
        player: 1,
        level: o.bot_level,
        seed: tabula_core::rng::mix(&[seed, 1]),
    };
    let mut s = RoyalVsBot { game, solver, bot };
    s.events(opening);
    run(&mut s, &clock);
    Ok(())
}
