//! A player's finished games, searched and paged (`GET /api/players/{name}/games`, the page
//! `/players/{name}/games`, and the exports that take the same filters): the query's
//! parameters checked and turned into a [`GameSearch`], and a page of games as the list shows
//! them, each with its opponents, the player's colour and result, the last position (the small
//! board) and the player's accuracy when the game was reviewed.

use crate::context::Context;
use crate::error::{ApiError, Invalid, Missing};
use crate::games::Kind;
use crate::players::daily::day_number;
use crate::review::GameReview;
use crate::store::Store;
use crate::store::explorer::SPEEDS;
use crate::store::game_search::{Cursor, FoundGame, GameSearch, Outcome, Side};
use crate::store::players::Account;
use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// Games on a page when the query does not say.
pub const PAGE: usize = 30;
/// The most games on a page.
pub const MAX_PAGE: usize = 100;
/// The longest opponent's name looked for (names are shorter).
const MAX_NAME: usize = 40;

/// The filters of a player's games (the list and the exports).
#[derive(Deserialize, Debug, Default, Clone)]
#[serde(deny_unknown_fields)]
pub struct GamesQuery {
    /// The game (`quickchess`, `querni`, `checkmates_party`, ...).
    #[serde(default)]
    pub kind: Option<String>,
    /// A QuickChess or chess variant (`quickchess`, a lesson game, `chess`, ...).
    #[serde(default)]
    pub variant: Option<String>,
    /// `win`, `draw` or `loss`.
    #[serde(default)]
    pub result: Option<String>,
    /// `white` or `black`.
    #[serde(default)]
    pub color: Option<String>,
    /// An opponent's name.
    #[serde(default)]
    pub opponent: Option<String>,
    /// Rated games only (`true`) or unrated only (`false`).
    #[serde(default)]
    pub rated: Option<bool>,
    /// A time control's class (`bullet`, `blitz`, ...).
    #[serde(default)]
    pub speed: Option<String>,
    /// Games that ended on or after this day (`YYYY-MM-DD`, UTC).
    #[serde(default)]
    pub since: Option<String>,
    /// Games that ended on or before this day.
    #[serde(default)]
    pub until: Option<String>,
    /// The page after this one (the `next` of the page before).
    #[serde(default)]
    pub after: Option<String>,
    /// Games on the page (1 to 100; 30 when not given).
    #[serde(default)]
    pub limit: Option<usize>,
}

fn bad(what: Invalid, message: String) -> ApiError {
    ApiError::BadInput(what, message)
}

/// The first moment of day `day` (ms), the parameter `name` named when it is not a day.
fn day_start(name: &str, day: &str) -> Result<u64, ApiError> {
    let n = day_number(day).map_err(|_| {
        bad(
            Invalid::Day,
            format!("{name}: `{day}` is not a day (YYYY-MM-DD)"),
        )
    })?;
    Ok(n * 86_400_000)
}

impl GamesQuery {
    /// The search the filters ask for.
    pub fn search(&self) -> Result<GameSearch, ApiError> {
        let kind = match &self.kind {
            None => None,
            Some(k) => Some(
                Kind::parse(k)
                    .ok_or_else(|| bad(Invalid::Kind, format!("kind: `{k}` is not a game")))?
                    .name()
                    .to_string(),
            ),
        };
        let variant = match &self.variant {
            None => None,
            Some(v) => Some(
                tabula_chess::Variant::parse(v)
                    .map_err(|e| bad(Invalid::Variant, format!("variant: `{v}`: {e}")))?
                    .name(),
            ),
        };
        let outcome = match self.result.as_deref() {
            None => None,
            Some("win") => Some(Outcome::Win),
            Some("draw") => Some(Outcome::Draw),
            Some("loss") => Some(Outcome::Loss),
            Some(other) => {
                return Err(bad(
                    Invalid::Query,
                    format!("result: `{other}` is not win, draw or loss"),
                ));
            }
        };
        let side = match self.color.as_deref() {
            None => None,
            Some("white") => Some(Side::White),
            Some("black") => Some(Side::Black),
            Some(other) => {
                return Err(bad(
                    Invalid::Query,
                    format!("color: `{other}` is not white or black"),
                ));
            }
        };
        if let Some(name) = &self.opponent
            && (name.is_empty() || name.chars().count() > MAX_NAME)
        {
            return Err(bad(
                Invalid::Query,
                format!("opponent: a name of 1 to {MAX_NAME} characters"),
            ));
        }
        if let Some(speed) = &self.speed
            && !SPEEDS[..7].contains(&speed.as_str())
        {
            return Err(bad(
                Invalid::Query,
                format!("speed: `{speed}` is not one of {}", SPEEDS[..7].join(", ")),
            ));
        }
        let since = self.since.as_deref().map(|d| day_start("since", d));
        let until = self.until.as_deref().map(|d| day_start("until", d));
        let (since, until) = (since.transpose()?, until.transpose()?);
        Ok(GameSearch {
            kind,
            variant,
            outcome,
            side,
            opponent: self.opponent.clone(),
            rated: self.rated,
            speed: self.speed.clone(),
            since,
            // the day given is taken whole
            until: until.map(|u| u + 86_400_000),
        })
    }

    /// Where the page begins.
    pub fn cursor(&self) -> Result<Option<Cursor>, ApiError> {
        let Some(after) = &self.after else {
            return Ok(None);
        };
        let cursor = after.split_once('.').and_then(|(finished, game)| {
            let finished = finished.parse().ok()?;
            (!game.is_empty()).then(|| Cursor {
                finished,
                game: game.to_string(),
            })
        });
        cursor.map(Some).ok_or_else(|| {
            bad(
                Invalid::Query,
                format!("after: `{after}` is not a page's `next`"),
            )
        })
    }

    /// The games on a page.
    pub fn limit(&self) -> Result<usize, ApiError> {
        match self.limit {
            None => Ok(PAGE),
            Some(n) if (1..=MAX_PAGE).contains(&n) => Ok(n),
            Some(n) => Err(bad(
                Invalid::Query,
                format!("limit: {n} is not from 1 to {MAX_PAGE}"),
            )),
        }
    }
}

/// The cursor of the page after `last`, as `next` and `after` write it.
pub fn next_of(last: &FoundGame) -> String {
    format!("{}.{}", last.finished, last.game)
}

/// The account of the player named `name` (404 when there is none).
pub async fn player(
    store: &dyn Store,
    name: &str,
    viewer: Option<i64>,
) -> Result<Account, ApiError> {
    let account = store
        .account_by_name(name)
        .await?
        .ok_or_else(|| ApiError::NotFound(Missing::Player, format!("no player `{name}`")))?;
    crate::classes::guard::reach(store, viewer, account.id, "see the games of").await?;
    Ok(account)
}

/// A page of a player's games (`GET /api/players/{name}/games`).
#[derive(Serialize, TS, Debug)]
pub struct GamesPage {
    /// The games, newest first.
    pub games: Vec<ListedGame>,
    /// The `after` of the next page, when there may be one.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub next: Option<String>,
}

/// A result from the player's side.
#[derive(Serialize, TS, Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum PlayerResult {
    /// Alone in first place.
    Win,
    /// First place shared.
    Draw,
    /// Not first.
    Loss,
}

/// A colour.
#[derive(Serialize, TS, Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum PlayerColor {
    /// White.
    White,
    /// Black.
    Black,
}

/// A game of the list.
#[derive(Serialize, TS, Debug)]
pub struct ListedGame {
    /// The game's id (its page is `/game/{id}`).
    pub id: String,
    /// Its kind.
    pub kind: String,
    /// Its variant (QuickChess and chess games settled since the list began).
    pub variant: Option<String>,
    /// Its rating pool (`quickchess:blitz`, `querni:rapid`, `checkmates`, ...).
    pub pool: String,
    /// Whether it was rated.
    pub rated: bool,
    /// The player's result (none in a game played alone).
    pub result: Option<PlayerResult>,
    /// The player's place, from 1, of `players`.
    pub place: u32,
    /// How many played.
    pub players: u32,
    /// The player's colour, where known.
    pub color: Option<PlayerColor>,
    /// The other players' names as shown at the table.
    pub opponents: Vec<String>,
    /// When it ended (ms since the Unix epoch).
    pub finished: u64,
    /// The last position (FEN), where known.
    #[serde(rename = "final")]
    #[ts(rename = "final")]
    pub final_fen: Option<String>,
    /// The player's accuracy, when the game was reviewed.
    pub accuracy: Option<f64>,
}

/// The player's result in a game found.
pub fn result_of(g: &FoundGame) -> Option<PlayerResult> {
    if g.players < 2 {
        None
    } else if g.place > 1 {
        Some(PlayerResult::Loss)
    } else if g.score >= 1.0 {
        Some(PlayerResult::Win)
    } else {
        Some(PlayerResult::Draw)
    }
}

/// The player's colour in a game found, where known.
pub fn color_of(g: &FoundGame) -> Option<PlayerColor> {
    let facts = g.facts.as_ref()?;
    Some(if facts.first_seat == g.seat {
        PlayerColor::White
    } else {
        PlayerColor::Black
    })
}

/// A page of `account`'s games as `q` asks.
pub async fn page(ctx: &Context, account: i64, q: &GamesQuery) -> Result<GamesPage, ApiError> {
    let search = q.search()?;
    let limit = q.limit()?;
    let cursor = q.cursor()?;
    let found = ctx
        .store
        .search_games(account, &search, cursor.as_ref(), limit)
        .await?;
    let next = (found.len() == limit)
        .then(|| found.last().map(next_of))
        .flatten();
    let mut games = Vec::with_capacity(found.len());
    for g in found {
        games.push(listed(ctx, g).await?);
    }
    Ok(GamesPage { games, next })
}

/// A game found as the list shows it.
async fn listed(ctx: &Context, g: FoundGame) -> Result<ListedGame, ApiError> {
    let opponents = ctx
        .store
        .seats(&g.game)
        .await?
        .into_iter()
        .filter(|s| s.seat != g.seat)
        .map(|s| s.name)
        .collect();
    let color = color_of(&g);
    let accuracy = match color {
        Some(c) => match crate::review::stored(ctx, &g.game).await {
            Ok(Some(GameReview::Chess(r))) => match c {
                PlayerColor::White => r.accuracy.white,
                PlayerColor::Black => r.accuracy.black,
            },
            _ => None,
        },
        None => None,
    };
    Ok(ListedGame {
        result: result_of(&g),
        color,
        variant: g.facts.as_ref().map(|f| f.variant.clone()),
        final_fen: g.facts.map(|f| f.final_fen),
        id: g.game,
        kind: g.kind,
        pool: g.pool,
        rated: g.rated,
        place: g.place,
        players: g.players,
        opponents,
        finished: g.finished,
        accuracy,
    })
}
