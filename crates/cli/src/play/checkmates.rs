//! `tabula play checkmates`: the solo run against the clock, or a party against bots.

use super::grid::draw;
use super::{Clock, Session, bid, run, say, seconds};
use crate::cli::parse::{self, DeckArg, SideChoice};
use crate::puzzles::simulate::default_cards;
use tabula_core::{Game, Millis};
use tabula_puzzles::checkmates::bot::PartyBot;
use tabula_puzzles::checkmates::party::{
    FailReason, PartyAction, PartyConfig, PartyError, PartyEvent, PartyGame,
};
use tabula_puzzles::checkmates::solo::{SoloAction, SoloConfig, SoloEvent, SoloGame};
use tabula_puzzles::checkmates::{Board, CheckMatesSolver, Side, Task};
use tabula_puzzles::{Move, bots};

/// Options of `tabula play checkmates`.
#[derive(clap::Args)]
pub struct CheckMatesOptions {
    /// Which side of the tokens and cards.
    #[arg(long, value_enum, default_value = "sliding")]
    side: SideChoice,
    /// Ten cards against the clock instead of a party.
    #[arg(long)]
    solo: bool,
    /// Number of bot opponents (a table seats six).
    #[arg(long, default_value = "2", value_parser = clap::value_parser!(u8).range(1..=5))]
    bots: u8,
    /// Their level, 1 (beginner) to 6 (never wrong).
    #[arg(long, default_value = "3", value_parser = clap::value_parser!(u8).range(1..=bots::MAX_LEVEL as i64))]
    bot_level: u8,
    /// The cards played (one-star and two-star are the blitz decks).
    #[arg(long, value_enum, default_value = "full")]
    deck: DeckArg,
    /// Seed (a random one if not given; it is printed so a game can be replayed).
    #[arg(long)]
    seed: Option<u64>,
    /// Clock speed factor (2 = time runs twice as fast; for demos and tests).
    #[arg(long, default_value = "1", value_parser = parse::speed)]
    speed: f64,
}

struct CheckMatesSolo {
    game: SoloGame,
    side: Side,
}

impl CheckMatesSolo {
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
    fn help(&self) -> &'static str {
        "Type moves like a1-a2. The clock runs until the tenth task is met."
    }
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
    fn command(&mut self, line: &str, now: Millis) {
        match Move::parse(line) {
            Ok(mv) => match self.game.apply(&SoloAction::Move { mv }, now) {
                Ok(ev) => self.events(ev),
                Err(e) => say(format!("{e}")),
            },
            Err(e) => say(format!("{e} (type `help`)")),
        }
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

    /// Whether `player` is the person at the keyboard (every other seat is a bot).
    fn is_you(&self, player: u8) -> bool {
        self.bots.iter().all(|b| b.player != player)
    }

    /// `verb` agreeing with the player: `You win`, `Bot 1 (level 6) wins`.
    fn does(&self, player: u8, verb: &str) -> String {
        if self.is_you(player) {
            verb.to_string()
        } else {
            format!("{verb}s")
        }
    }

    /// A refused action in words, players named as at the table (the library numbers them).
    fn refusal(&self, e: &PartyError) -> String {
        let proving = |p: u8| {
            if self.is_you(p) {
                "you are proving".to_string()
            } else {
                format!("{} is proving", self.name(p))
            }
        };
        match e {
            PartyError::AlreadyAnnounced(p) if self.is_you(*p) => {
                "You have already announced this round.".to_string()
            }
            PartyError::AlreadyAnnounced(p) => {
                format!("{} has already announced this round.", self.name(*p))
            }
            PartyError::NotBidding { prover } => {
                format!("Announcements are closed: {}.", proving(*prover))
            }
            PartyError::NotTheProver { prover, .. } => {
                format!("Only the prover moves tokens: {}.", proving(*prover))
            }
            other => format!("{other}."),
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
                    "{} {} {bid}. The count of five starts.",
                    self.name(player),
                    self.does(player, "announce")
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
                    "{} {} 0: the board already meets the task. {stars} star{} won.",
                    self.name(player),
                    self.does(player, "announce"),
                    if stars == 1 { "" } else { "s" }
                )),
                PartyEvent::ProofSucceeded {
                    player,
                    moves,
                    bid,
                    stars,
                    rotation,
                } => say(format!(
                    "Proof succeeds: {} met the task (turned {rotation}°) in {moves} of {bid} moves and {} {stars} star{}.",
                    self.name(player),
                    self.does(player, "win"),
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
            Err(e) => say(self.refusal(&e)),
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
    fn help(&self) -> &'static str {
        "`bid N` (or just N) announces; moves like a1-a2 prove; `stop`, `give up`; `score`."
    }
    fn show(&self) {
        if let Some(card) = self.game.card() {
            self.draw_with(*self.game.board(), card.task, card.stars);
        }
    }
    fn command(&mut self, line: &str, now: Millis) {
        let words: Vec<&str> = line.split_whitespace().collect();
        let action = match (bid(&words), words.as_slice()) {
            (Some(bid), _) => PartyAction::Announce { player: 0, bid },
            (_, ["score"]) => {
                for s in self.game.standings() {
                    say(format!("  {:<20} {:>3}", self.name(s.player), s.score));
                }
                return;
            }
            (_, ["stop"]) => PartyAction::Stop { player: 0 },
            (_, ["give", "up"] | ["giveup"]) => PartyAction::GiveUp { player: 0 },
            (_, [m]) => match Move::parse(m) {
                Ok(mv) => PartyAction::Move { player: 0, mv },
                Err(e) => return say(format!("{e} (type `help`)")),
            },
            _ => return say("Not understood (type `help`)."),
        };
        self.act(action, now.max(self.game.now()));
    }
    fn leave(&mut self, _now: Millis) {
        if !self.game.is_over() {
            say("You left the table.");
        }
    }
}

/// `tabula play checkmates`.
pub fn play(o: CheckMatesOptions) -> anyhow::Result<()> {
    let side = Side::from(o.side);
    let seed = parse::seed_or_random(o.seed);
    let deck = o.deck.into();
    let sliding = CheckMatesSolver::new(Side::Sliding);
    let chess = CheckMatesSolver::new(Side::Chess);
    let cards = default_cards(side, &sliding, &chess);
    let clock = Clock::new(o.speed);
    say(format!(
        "Check Mates, {side} side (seed {seed}). Type `help` for commands."
    ));
    if o.solo {
        let config = SoloConfig { side, cards, deck };
        let (game, _) = SoloGame::start(config, seed, 0)?;
        say("Solo: meet ten tasks in turn; the clock is running.");
        let mut s = CheckMatesSolo { game, side };
        s.show();
        run(&mut s, &clock);
        return Ok(());
    }
    let config = PartyConfig::new(side, o.bots + 1, cards, deck);
    let (game, opening) = PartyGame::start(config, seed, 0)?;
    let solver = if side == Side::Sliding {
        sliding
    } else {
        chess
    };
    let bots = (1..=o.bots)
        .map(|p| PartyBot {
            player: p,
            level: o.bot_level,
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
    run(&mut s, &clock);
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use tabula_puzzles::checkmates::party::DeckChoice;

    /// A party of the person at seat 0 and two bots, on the sliding side.
    fn party() -> CheckMatesParty {
        let solver = CheckMatesSolver::new(Side::Sliding);
        let chess = CheckMatesSolver::new(Side::Chess);
        let cards = default_cards(Side::Sliding, &solver, &chess);
        let config = PartyConfig::new(Side::Sliding, 3, cards, DeckChoice::Full);
        let (game, _) = PartyGame::start(config, 1, 0).unwrap();
        let bots = (1..=2)
            .map(|player| PartyBot {
                player,
                level: 6,
                seed: 1,
            })
            .collect();
        CheckMatesParty {
            game,
            side: Side::Sliding,
            solver,
            bots,
            shown_task: None,
        }
    }

    #[test]
    fn the_person_and_the_bots_are_named_with_verbs_that_agree() {
        let p = party();
        assert_eq!(format!("{} {}", p.name(0), p.does(0, "win")), "You win");
        assert_eq!(
            format!("{} {}", p.name(2), p.does(2, "win")),
            "Bot 2 (level 6) wins"
        );
    }

    #[test]
    fn refusals_name_the_players_not_their_numbers() {
        let p = party();
        assert_eq!(
            p.refusal(&PartyError::AlreadyAnnounced(0)),
            "You have already announced this round."
        );
        assert_eq!(
            p.refusal(&PartyError::AlreadyAnnounced(1)),
            "Bot 1 (level 6) has already announced this round."
        );
        assert_eq!(
            p.refusal(&PartyError::NotBidding { prover: 2 }),
            "Announcements are closed: Bot 2 (level 6) is proving."
        );
        assert_eq!(
            p.refusal(&PartyError::NotTheProver {
                player: 1,
                prover: 0
            }),
            "Only the prover moves tokens: you are proving."
        );
    }
}
