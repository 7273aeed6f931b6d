//! The TypeScript declarations of everything the server sends the browser, made from the Rust
//! types themselves (ts-rs), so the browser code is checked against what the server really
//! sends (`tsc --checkJs --strict`, see tsconfig.json) and a field renamed here fails there.
//!
//! The file is committed as `web/types/protocol.d.ts` (the browser loads no build step's
//! output; the declarations are read by the type check and by editors only). The test
//! `web_types` fails when it is stale; `TABULA_WRITE_TYPES=1 cargo test -p tabula-server --test
//! web_types` writes it again.

use crate::analysis::{HintView, PositionView};
use crate::frames::ServerFrame;
use crate::games::checkmates_party::PartyView;
use crate::games::checkmates_solo::CmSoloView;
use crate::games::olympics::{SeriesEvent, SeriesView};
use crate::games::querni::QuerniView;
use crate::games::quickchess::{ChessShown, ChessView, PublicChess};
use crate::games::royal_match::MatchView;
use crate::games::royal_solo::RSoloView;
use crate::lobby::views::LobbyFrame;
use crate::rooms::replay::{Replay, Step};
use crate::rooms::table::RoomEvent;
use crate::rooms::views::RoomView;
use std::collections::BTreeMap;
use tabula_puzzles::checkmates::party::{PartyAction, PartyEvent};
use tabula_puzzles::royal::matchplay::{MatchAction, MatchEvent};
use tabula_querni::{QuerniAction, QuerniEvent};
use ts_rs::{Config, TS, TypeVisitor};

/// Every declaration reachable from the types the server sends, by name.
struct Collect {
    cfg: Config,
    /// Name -> (the Rust type it was made from, its declaration).
    decls: BTreeMap<String, (&'static str, String)>,
    /// Names two different Rust types would both take (a clash to rename).
    clashes: std::collections::BTreeSet<String>,
}

impl TypeVisitor for Collect {
    fn visit<T: TS + 'static + ?Sized>(&mut self) {
        // built-in types (numbers, strings, arrays...) have no declaration of their own
        if T::output_path().is_none() {
            return;
        }
        let name = T::ident(&self.cfg);
        let rust = std::any::type_name::<T::WithoutGenerics>();
        if let Some((seen, _)) = self.decls.get(&name) {
            if *seen != rust {
                self.clashes.insert(format!("{name}: {seen} and {rust}"));
            }
            return;
        }
        let mut text = T::docs().unwrap_or_default();
        text.push_str("export ");
        text.push_str(&T::decl(&self.cfg));
        self.decls.insert(name, (rust, text));
        T::visit_dependencies(self);
        T::visit_generics(self);
    }
}

/// The whole declaration file: every frame, view, event and replay of every game, the lobby's
/// frames and the analysis board's answers. Integers are `number`: every integer the server
/// sends (times in milliseconds, versions, counts) is far below 2^53.
pub fn typescript() -> Result<String, String> {
    let mut c = Collect {
        cfg: Config::new().with_large_int("number"),
        decls: BTreeMap::new(),
        clashes: Default::default(),
    };
    // the frames, and what a room sends of each game: its view and its events
    c.visit::<ServerFrame<'static>>();
    c.visit::<RoomView<ChessView>>();
    c.visit::<RoomEvent<ChessShown>>();
    c.visit::<SeriesView>();
    c.visit::<SeriesEvent>();
    c.visit::<QuerniView>();
    c.visit::<QuerniEvent>();
    c.visit::<QuerniAction>();
    c.visit::<PartyView>();
    c.visit::<PartyEvent>();
    c.visit::<PartyAction>();
    c.visit::<CmSoloView>();
    c.visit::<tabula_puzzles::checkmates::solo::SoloEvent>();
    c.visit::<tabula_puzzles::checkmates::solo::SoloAction>();
    c.visit::<MatchView>();
    c.visit::<MatchEvent>();
    c.visit::<MatchAction>();
    c.visit::<RSoloView>();
    c.visit::<tabula_puzzles::royal::solo::SoloEvent>();
    c.visit::<tabula_puzzles::royal::solo::SoloAction>();
    // a replay's steps
    c.visit::<Replay<'static, Step<ChessView, ChessShown, PublicChess>>>();
    // the lobby's socket, the analysis board, the hints
    c.visit::<LobbyFrame>();
    c.visit::<PositionView>();
    c.visit::<HintView>();
    // a finished game's review
    c.visit::<crate::http::reviews::ReviewAnswer>();
    // puzzles
    c.visit::<crate::http::puzzles::NextAnswer>();
    c.visit::<crate::http::puzzles::TryBody>();
    c.visit::<crate::puzzles::TryAnswer>();
    // moderation: the moderation page's answers and bodies, a player's report, a reset link
    c.visit::<crate::http::admin::Overview>();
    c.visit::<crate::http::admin::AccountList>();
    c.visit::<crate::http::admin::SanctionBody>();
    c.visit::<crate::http::admin::OutcomeBody>();
    c.visit::<crate::http::admin::RoleBody>();
    c.visit::<crate::http::admin_tournaments::RenameBody>();
    c.visit::<crate::http::admin_tournaments::Renamed>();
    c.visit::<crate::http::admin_tournaments::CancelBody>();
    c.visit::<crate::http::admin_tournaments::Cancelled>();
    c.visit::<crate::http::admin_tournaments::HideBody>();
    c.visit::<crate::http::admin_tournaments::HiddenEvents>();
    c.visit::<crate::http::reports::ReportBody>();
    c.visit::<crate::http::reports::ResetBody>();
    c.visit::<crate::http::reports::ResetCheckBody>();
    // friends
    c.visit::<crate::http::social::Friends>();
    c.visit::<crate::http::social::Relation>();
    // tournaments
    c.visit::<crate::tournaments::TournamentSpec>();
    c.visit::<crate::tournaments::TournamentView>();
    c.visit::<crate::tournaments::TournamentList>();
    c.visit::<crate::http::tournaments::TournamentMade>();
    c.visit::<crate::http::tournaments::TournamentJoined>();
    // chat
    c.visit::<crate::chat::ChatView>();
    c.visit::<crate::http::chat::ChatBody>();
    c.visit::<crate::http::chat::ChatWritten>();
    // challenges
    c.visit::<crate::challenges::ChallengeBody>();
    c.visit::<crate::challenges::ChallengeList>();
    c.visit::<crate::correspondence::TurnList>();
    if !c.clashes.is_empty() {
        return Err(format!(
            "two Rust types would have the same TypeScript name (rename one with \
             #[ts(rename = ...)]): {}",
            c.clashes.into_iter().collect::<Vec<_>>().join("; ")
        ));
    }
    let mut out = String::from(
        "// The types of everything the Tabula server sends the browser, generated from its Rust\n\
         // types (crates/server/src/web_types.rs). Do not edit: after changing a type, run\n\
         //   TABULA_WRITE_TYPES=1 cargo test -p tabula-server --test server web_types::\n",
    );
    for (_, text) in c.decls.values() {
        out.push('\n');
        out.push_str(text);
        out.push('\n');
    }
    Ok(out)
}
