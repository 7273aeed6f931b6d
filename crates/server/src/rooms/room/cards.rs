//! The solo cards a room's player met, written as they are met (a class's assignment of cards
//! counts them; a solo run has no results rows to read them from).

use super::Room;
use crate::games::Adapter;
use crate::store::class_play::CardSolve;
use tabula_core::Millis;

impl<A: Adapter> Room<A> {
    /// Writes each card met since the last write, or met again in fewer moves, for the
    /// signed-in player of a solo run. A failure is logged: the card is written again with
    /// the run's next action (the write keeps the fewer moves, so writing twice is harmless).
    pub(super) async fn write_cards(&mut self, at: Millis) {
        let Some(game) = self.game.as_ref() else {
            return;
        };
        let met = game.cards_met();
        let Some(account) = self.seats.first().and_then(|s| s.account) else {
            return;
        };
        for (index, card) in met.iter().enumerate() {
            let Some(card) = card else { continue };
            let written = self.cards_written.get(index).copied().flatten();
            if written.is_some_and(|w| w <= card.moves) {
                continue;
            }
            let solve = CardSolve {
                game: self.id.clone(),
                card: index as u32,
                account,
                deck: card.deck.to_string(),
                moves: card.moves,
                optimum: game.card_optimum(index, &self.ctx.services),
                ms: card.ms,
                at,
            };
            match self.ctx.store.put_card_solve(&solve).await {
                Ok(()) => {
                    if self.cards_written.len() <= index {
                        self.cards_written.resize(index + 1, None);
                    }
                    self.cards_written[index] = Some(card.moves);
                }
                Err(e) => tracing::warn!(game = %self.id, "a solo card met was not written: {e}"),
            }
        }
    }
}
