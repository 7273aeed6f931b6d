//! What the terminal says after each action of a QuickChess game: moves, checks, placements,
//! draw offers and the result, then whose turn it is.

use super::super::say;
use super::ChessSession;
use std::io::IsTerminal;
use tabula_chess::{ChessEvent, Color};
use tabula_core::Game;

impl ChessSession {
    /// Says what happened (`before`: the draw offer and the placer before it), then what
    /// comes next.
    pub(super) fn report(
        &mut self,
        events: Vec<ChessEvent>,
        before: (Option<Color>, Option<Color>),
    ) {
        let (offer, placer) = before;
        for e in events {
            match e {
                ChessEvent::Moved { player, san, .. } => {
                    match san.as_str() {
                        "--" => say(format!("{}: -- (no legal move: passes)", self.name(player))),
                        _ => say(format!("{}: {san}", self.name(player))),
                    }
                    if offer == Some(player.other()) {
                        say(format!(
                            "{} {} the draw by moving.",
                            self.name(player),
                            self.verb(player, "decline")
                        ));
                    }
                }
                ChessEvent::Revealed { first, why, .. } => {
                    say(format!(
                        "Both sides have placed: the board is revealed. {} {} first ({why}).",
                        self.name(first),
                        self.verb(first, "move")
                    ));
                }
                // the terminal plays no tournaments, where a berserk happens
                ChessEvent::Berserked { .. } => {}
                ChessEvent::PlaceAgain => {
                    say("Both kings stood in check: everyone places again.");
                    self.computer_places();
                }
                ChessEvent::DrawOffered { player } => say(format!(
                    "{} {} a draw: {}, type `accept` to agree, or move to decline.",
                    self.name(player),
                    self.verb(player, "offer"),
                    self.name(player.other())
                )),
                ChessEvent::GameOver { outcome, result } => {
                    self.draw_board();
                    say(format!("Game over: {outcome} ({result})."));
                }
                ChessEvent::TakebackOffered { player } => say(format!(
                    "{} {} to take the last move back.",
                    self.name(player),
                    self.verb(player, "ask")
                )),
                ChessEvent::TakebackDeclined { player } => say(format!(
                    "{} {} the takeback.",
                    self.name(player),
                    self.verb(player, "decline")
                )),
                ChessEvent::TakenBack { moves, .. } => {
                    say(format!(
                        "{moves} half-move{} taken back.",
                        if moves == 1 { "" } else { "s" }
                    ));
                    self.draw_board();
                }
                ChessEvent::Placed { .. } | ChessEvent::Unplaced { .. } => {}
            }
        }
        if let Some(done) = placer
            && self.placer() == Some(done.other())
        {
            self.done_placing(done);
        }
        if self.game.is_over() {
            self.next_game();
        } else {
            if self.game.setup().is_none() {
                self.draw_board();
            }
            self.prompt();
        }
    }

    /// `verb` agreeing with the name of `c`: `You move`, `White moves`.
    pub(super) fn verb(&self, c: Color, verb: &str) -> String {
        if self.level.is_some() && c == self.seat0 {
            verb.to_string()
        } else {
            format!("{verb}s")
        }
    }

    /// After a side's tenth placement at one keyboard, hides it before the other places.
    pub(super) fn done_placing(&self, c: Color) {
        if std::io::stdout().is_terminal() {
            // clear the screen and the scroll-back, so the placements cannot be read back
            say("\x1b[2J\x1b[3J\x1b[H");
        }
        say(format!(
            "{} has placed all ten pieces. {}: your turn to place ({} looks away).",
            self.name(c),
            self.name(c.other()),
            self.name(c)
        ));
    }
}
