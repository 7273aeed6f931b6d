//! The TypeScript declarations of everything the server sends the browser, made from the Rust
//! types themselves (ts-rs), so the browser code is checked against what the server really
//! sends (`tsc --checkJs --strict`, see tsconfig.json) and a field renamed here fails there.
//!
//! The file is committed as `web/types/protocol.d.ts` (the browser loads no build step's
//! output; the declarations are read by the type check and by editors only). The test
//! `web_types` fails when it is stale; `TABULA_WRITE_TYPES=1 cargo test -p tabula-server --test
//! web_types` writes it again.

use crate::frames::ServerFrame;
use crate::games::Adapter;
use crate::games::checkmates_party::PartyView;
use crate::games::checkmates_solo::CmSoloView;
use crate::games::olympics::{SeriesEvent, SeriesView};
use crate::games::querni::QuerniView;
use crate::games::quickchess::{ChessShown, ChessView, PublicChess};
use crate::games::royal_match::MatchView;
use crate::games::royal_solo::RSoloView;
use crate::http::contract::Contract;
use crate::http::declare;
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
    /// The JSON endpoints: `"VERB /path"` -> (its body's type, its answer's type).
    routes: BTreeMap<String, (String, String)>,
}

impl Collect {
    /// Visits `T` and what it is made of, also when `T` itself is a built-in (`Vec<X>`).
    fn visit_all<T: TS + 'static + ?Sized>(&mut self) {
        self.visit::<T>();
        T::visit_dependencies(self);
        T::visit_generics(self);
    }
}

impl Contract for Collect {
    fn endpoint<B: TS + 'static, A: TS + 'static>(
        &mut self,
        verb: &'static str,
        path: &'static str,
    ) {
        self.visit_all::<B>();
        self.visit_all::<A>();
        let key = format!("{verb} {path}");
        let body = if std::any::TypeId::of::<B>() == std::any::TypeId::of::<()>() {
            "undefined".to_string()
        } else {
            B::name(&self.cfg)
        };
        if self
            .routes
            .insert(key.clone(), (body, A::name(&self.cfg)))
            .is_some()
        {
            self.clashes
                .insert(format!("the endpoint {key} is declared twice"));
        }
    }
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
            // the same generic type again, with other arguments (a replay of any game, then a
            // chess game's): their declarations are wanted too
            T::visit_generics(self);
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

/// Visits every kind's enum of causes; their TypeScript names.
fn causes(c: &mut Collect) -> Vec<String> {
    use crate::error::*;
    fn one<T: TS + 'static>(c: &mut Collect) -> String {
        c.visit::<T>();
        T::name(&c.cfg)
    }
    vec![
        one::<Invalid>(c),
        one::<SignIn>(c),
        one::<Denied>(c),
        one::<Sanctioned>(c),
        one::<Missing>(c),
        one::<Clash>(c),
        one::<Late>(c),
        one::<Oversize>(c),
        one::<Rule>(c),
        one::<Throttled>(c),
        one::<Busy>(c),
        one::<Fault>(c),
    ]
}

/// The whole declaration file: every frame, view, event and replay of every game, the lobby's
/// frames and the analysis board's answers. Integers are `number`: every integer the server
/// sends (times in milliseconds, versions, counts) is far below 2^53.
pub fn typescript() -> Result<String, String> {
    let mut c = Collect {
        cfg: Config::new().with_large_int("number"),
        decls: BTreeMap::new(),
        clashes: Default::default(),
        routes: BTreeMap::new(),
    };
    // every JSON endpoint's body and answer (web/api.js `call` reads the table below)
    declare(&mut c);
    // the frames, and what a room sends of each game: its view and its events
    c.visit::<ServerFrame<'static>>();
    // what a page sends on its socket: each game's intents, and the changes to a lobby
    c.visit::<crate::frames::LobbyOp>();
    c.visit::<crate::rooms::table::TableRequest>();
    c.visit::<<crate::games::quickchess::ChessLive as Adapter>::Intent>();
    c.visit::<<crate::games::olympics::SeriesLive as Adapter>::Intent>();
    c.visit::<<crate::games::querni::QuerniLive as Adapter>::Intent>();
    c.visit::<<crate::games::checkmates_party::Party as Adapter>::Intent>();
    c.visit::<<crate::games::checkmates_solo::CmSolo as Adapter>::Intent>();
    c.visit::<<crate::games::royal_match::Match as Adapter>::Intent>();
    c.visit::<<crate::games::royal_solo::RSolo as Adapter>::Intent>();
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
    // the lobby's socket
    c.visit::<LobbyFrame>();
    // an error's body, and every cause of every kind (`Cause`, below)
    c.visit::<crate::error::ErrorBody>();
    let causes = causes(&mut c);
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
    out.push_str(&format!(
        "\n/** Every cause of an error (`cause` in an error's body and frame): a stable code. */\n\
         export type Cause = {};\n",
        causes.join(" | ")
    ));
    out.push_str(
        "\n/**\n * Every JSON endpoint of the HTTP API, as `\"VERB /path/{param}\"`: the body it reads\n \
         * (`undefined`: none) and the answer it gives (crates/server/src/http/contract.rs).\n \
         */\nexport interface Routes {\n",
    );
    for (route, (body, answer)) in &c.routes {
        out.push_str(&format!(
            "  \"{route}\": {{ body: {body}, answer: {answer} }},\n"
        ));
    }
    out.push_str("}\n");
    Ok(out)
}
