//! The opening explorer (`GET /api/explorer`): for a QuickChess or chess position, the moves
//! played from it in Tabula's finished games with how they scored and at what rating, the
//! latest games through it, the exact value of the position and of each move where the
//! endgame tables or the lesson books know it, and on request the engine's evaluation of each
//! move. Games are counted as they end ([`crate::rooms`] calls the store's
//! [`count_game`](crate::store::ExplorerStore::count_game)), by position: move orders that
//! reach one position meet there.
//!
//! Filters **[ours]** where lichess's explorer has its own: the speed classes of the rating
//! pools (`ultrabullet` ... `classical`, `correspondence`, `untimed`) and `computer` for games
//! against the computer, left out unless asked for; rating bands of the two players' mean
//! rating in hundreds (`ratings=1400-1800` takes means from 1400 up to 1799); `rated=true` for
//! rated games only; `player=NAME&color=white|black` for one account's games with one colour
//! (its rating is then the opponent's, and the rating bands do not apply).

use crate::analysis::{Deadline, ScoreView};
use crate::error::{ApiError, Invalid, Missing};
use crate::knowledge::{Knowledge, VerdictParts};
use crate::store::Store;
use crate::store::explorer::{ExplorerFilter, MoveStats, RecentGame, SPEEDS, Scope};
use crate::thinking::{Asker, Thinking};
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use std::sync::Arc;
use std::time::{Duration, Instant};
use tabula_chess::engine::{Engine, Limits, Score};
use tabula_chess::{AnyPosition, Variant};
use ts_rs::TS;

/// The most plies a query's `moves` may hold (the explorer counts 30; deeper positions have
/// no statistics, but their exact value is still told).
const MAX_MOVES: usize = 200;
/// The latest games told.
const RECENT: usize = 8;
/// The most moves the engine evaluates in one request, and the time it may take in all.
const ENGINE_MOVES: usize = 8;
const ENGINE_MAX_MS: u64 = 2_000;

/// A position's key in the explorer: a stable 64-bit hash of its variant's name and its FEN
/// without the move counters (the same in every release, unlike the engine's Zobrist keys,
/// which may change with the engine).
pub fn position_key(p: &AnyPosition) -> i64 {
    let fen = format!("{}\n{}", p.variant().name(), p.fen());
    let fields: Vec<&str> = fen.split_whitespace().collect();
    let counters = fields
        .iter()
        .rev()
        .take_while(|f| f.chars().all(|c| c.is_ascii_digit()))
        .count()
        .min(2);
    let key = fields[..fields.len() - counters].join(" ");
    let digest = Sha256::digest(key.as_bytes());
    let mut bytes = [0u8; 8];
    bytes.copy_from_slice(&digest[..8]);
    i64::from_be_bytes(bytes)
}

/// `GET /api/explorer`'s query.
#[derive(Deserialize, Debug, Default)]
#[serde(deny_unknown_fields)]
pub struct ExplorerQuery {
    /// The variant (`quickchess`, a lesson game, `chess`, ...).
    pub variant: String,
    /// The moves from the variant's start (or from `fen`), UCI, comma-separated.
    #[serde(default)]
    pub moves: Option<String>,
    /// The position to start from instead of the variant's start.
    #[serde(default)]
    pub fen: Option<String>,
    /// `true`: rated games only.
    #[serde(default)]
    pub rated: Option<bool>,
    /// A band of mean ratings, `LO-HI` in hundreds (`1400-1800`).
    #[serde(default)]
    pub ratings: Option<String>,
    /// Speed classes, comma-separated (all but `computer` when not given).
    #[serde(default)]
    pub speeds: Option<String>,
    /// One player's games.
    #[serde(default)]
    pub player: Option<String>,
    /// The player's colour (`white` when not given).
    #[serde(default)]
    pub color: Option<String>,
    /// The engine evaluates the most played moves, in this many milliseconds in all.
    #[serde(default)]
    pub engine_ms: Option<u64>,
}

/// The explorer's answer.
#[derive(Serialize, TS, Debug)]
pub struct ExplorerAnswer {
    /// The position (FEN).
    pub fen: String,
    /// The games through it, and how they ended.
    pub games: u64,
    /// Won by White.
    pub white: u64,
    /// Drawn.
    pub draws: u64,
    /// Won by Black.
    pub black: u64,
    /// The position's exact value, where known.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub value: Option<VerdictParts>,
    /// The moves played from it, most played first.
    pub moves: Vec<ExplorerMove>,
    /// The latest games through it, newest first.
    pub recent: Vec<RecentShown>,
}

/// A move played from the position.
#[derive(Serialize, TS, Debug)]
pub struct ExplorerMove {
    /// UCI.
    pub uci: String,
    /// SAN.
    pub san: String,
    /// Games that played it.
    pub games: u64,
    /// Won by White.
    pub white: u64,
    /// Drawn.
    pub draws: u64,
    /// Won by Black.
    pub black: u64,
    /// The mean rating of the games with both ratings (a player's view: the opponents'),
    /// if any had.
    pub rating: Option<u32>,
    /// The exact value of the position after it, where known.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub value: Option<VerdictParts>,
    /// The engine's evaluation of the position after it, for the side that played it, when
    /// asked for (`engine_ms`).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub engine: Option<ScoreView>,
}

/// A recent game through the position.
#[derive(Serialize, TS, Debug)]
pub struct RecentShown {
    /// The game's id (its page is `/game/{id}`).
    pub id: String,
    /// White's name.
    pub white: String,
    /// Black's name.
    pub black: String,
    /// White's and Black's ratings then, where known.
    pub white_rating: Option<u32>,
    /// Black's.
    pub black_rating: Option<u32>,
    /// `1-0`, `1/2-1/2` or `0-1`.
    pub result: &'static str,
    /// The move it played here (UCI) and in SAN.
    pub uci: String,
    /// SAN.
    pub san: String,
    /// When it ended (ms since the Unix epoch).
    pub finished: u64,
}

fn bad(what: Invalid, message: String) -> ApiError {
    ApiError::BadInput(what, message)
}

/// The filter a query asks for (its player, if any, looked up in `store`).
async fn filter_of(store: &dyn Store, q: &ExplorerQuery) -> Result<ExplorerFilter, ApiError> {
    let speeds: Vec<String> = match &q.speeds {
        None => SPEEDS[..7].iter().map(|s| s.to_string()).collect(),
        Some(list) => {
            let mut out = Vec::new();
            for s in list.split(',').filter(|s| !s.is_empty()) {
                if !SPEEDS.contains(&s) {
                    return Err(bad(
                        Invalid::Query,
                        format!("speeds: `{s}` is not one of {}", SPEEDS.join(", ")),
                    ));
                }
                if !out.iter().any(|o| o == s) {
                    out.push(s.to_string());
                }
            }
            if out.is_empty() {
                return Err(bad(Invalid::Query, "speeds: name at least one".into()));
            }
            out
        }
    };
    let scope = match &q.player {
        Some(name) => {
            if q.ratings.is_some() {
                return Err(bad(
                    Invalid::Query,
                    "ratings: not with player (a player's view has no rating bands)".into(),
                ));
            }
            let color = match q.color.as_deref() {
                None | Some("white") => 0,
                Some("black") => 1,
                Some(other) => {
                    return Err(bad(
                        Invalid::Query,
                        format!("color: `{other}` is neither white nor black"),
                    ));
                }
            };
            let account = store.account_by_name(name).await?.ok_or_else(|| {
                ApiError::NotFound(Missing::Player, format!("player `{name}`: no such player"))
            })?;
            Scope::Player {
                account: account.id,
                color,
            }
        }
        None if q.color.is_some() => {
            return Err(bad(Invalid::Query, "color: only with player".into()));
        }
        None => Scope::All(match &q.ratings {
            None => None,
            Some(r) => Some(bands(r)?),
        }),
    };
    Ok(ExplorerFilter {
        speeds,
        rated_only: q.rated == Some(true),
        scope,
    })
}

/// `LO-HI` in hundreds, LO below HI.
fn bands(text: &str) -> Result<(u32, u32), ApiError> {
    let wrong = || {
        bad(
            Invalid::Rating,
            format!("ratings: `{text}` is not LO-HI in hundreds (1400-1800)"),
        )
    };
    let (lo, hi) = text.split_once('-').ok_or_else(wrong)?;
    let lo: u32 = lo.trim().parse().map_err(|_| wrong())?;
    let hi: u32 = hi.trim().parse().map_err(|_| wrong())?;
    if !lo.is_multiple_of(100) || !hi.is_multiple_of(100) || lo >= hi || hi > 4000 {
        return Err(wrong());
    }
    Ok((lo, hi))
}

/// The position a query names: the variant's start (or `fen`) and the moves played from it.
fn position_of(q: &ExplorerQuery) -> Result<AnyPosition, ApiError> {
    let variant = Variant::parse(&q.variant)
        .map_err(|e| bad(Invalid::Variant, format!("variant `{}`: {e}", q.variant)))?;
    let mut p = match &q.fen {
        Some(f) => AnyPosition::from_fen(variant, f)
            .map_err(|e| bad(Invalid::Position, format!("fen: {e}")))?,
        None if variant.family == tabula_chess::Family::Blind => {
            return Err(bad(
                Invalid::Position,
                "fen: a Blind QuickChess game starts from its placements: give them as a FEN"
                    .into(),
            ));
        }
        None => AnyPosition::start(variant),
    };
    let moves: Vec<&str> = match &q.moves {
        Some(m) => m.split(',').filter(|m| !m.is_empty()).collect(),
        None => Vec::new(),
    };
    if moves.len() > MAX_MOVES {
        return Err(bad(Invalid::Moves, format!("moves: at most {MAX_MOVES}")));
    }
    for (i, m) in moves.iter().enumerate() {
        let mv = p
            .parse_uci(m)
            .map_err(|e| bad(Invalid::Moves, format!("moves: move {} `{m}`: {e}", i + 1)))?;
        p = p.play_unchecked(mv);
    }
    Ok(p)
}

/// `1-0`, `1/2-1/2` or `0-1` for White's doubled score.
fn result_text(result: u8) -> &'static str {
    match result {
        2 => "1-0",
        1 => "1/2-1/2",
        _ => "0-1",
    }
}

fn shown_move(p: &AnyPosition, s: MoveStats, knowledge: &Knowledge) -> Option<ExplorerMove> {
    // a stored move this position does not allow (a position key met by two positions, once
    // in 2^64) is left out rather than shown wrong
    let m = p.parse_uci(&s.uci).ok()?;
    let child = p.play_unchecked(m);
    Some(ExplorerMove {
        san: p.san(&m),
        uci: s.uci,
        games: s.games,
        white: s.white,
        draws: s.draws,
        black: s.black,
        rating: (s.rating_games > 0).then(|| (s.rating_sum / s.rating_games) as u32),
        value: knowledge.known(&child).map(|v| v.parts()),
        engine: None,
    })
}

fn shown_recent(p: &AnyPosition, g: RecentGame) -> RecentShown {
    let san = p
        .parse_uci(&g.uci)
        .map(|m| p.san(&m))
        .unwrap_or_else(|_| g.uci.clone());
    let [white, black] = g.names;
    RecentShown {
        id: g.game,
        white,
        black,
        white_rating: g.ratings[0],
        black_rating: g.ratings[1],
        result: result_text(g.result),
        uci: g.uci,
        san,
        finished: g.finished,
    }
}

/// Answers an explorer query (errors name the parameter).
pub async fn explore(
    q: ExplorerQuery,
    store: &dyn Store,
    knowledge: Arc<Knowledge>,
    thinking: &Thinking,
    asker: Asker,
) -> Result<ExplorerAnswer, ApiError> {
    let p = position_of(&q)?;
    let filter = filter_of(store, &q).await?;
    let key = position_key(&p);
    let stats = store.explorer_moves(key, &filter).await?;
    let recent = store.explorer_recent(key, &filter, RECENT).await?;
    let mut moves: Vec<ExplorerMove> = stats
        .into_iter()
        .filter_map(|s| shown_move(&p, s, &knowledge))
        .collect();
    let value = knowledge.known(&p).map(|v| v.parts());
    if let Some(ms) = q.engine_ms {
        let ms = ms.clamp(10, ENGINE_MAX_MS);
        let scores = evaluate(p, &moves, ms, knowledge, thinking, asker).await?;
        for (m, score) in moves.iter_mut().zip(scores) {
            m.engine = score;
        }
    }
    let sum = |f: fn(&ExplorerMove) -> u64| moves.iter().map(f).sum::<u64>();
    Ok(ExplorerAnswer {
        fen: p.fen(),
        games: sum(|m| m.games),
        white: sum(|m| m.white),
        draws: sum(|m| m.draws),
        black: sum(|m| m.black),
        value,
        recent: recent.into_iter().map(|g| shown_recent(&p, g)).collect(),
        moves,
    })
}

/// The engine's evaluation of the position after each of the first [`ENGINE_MOVES`] moves,
/// for the side that played it, in `ms` milliseconds shared among them (in the thinking pool,
/// off the async runtime). A move that ends the game gets none.
async fn evaluate(
    p: AnyPosition,
    moves: &[ExplorerMove],
    ms: u64,
    knowledge: Arc<Knowledge>,
    thinking: &Thinking,
    asker: Asker,
) -> Result<Vec<Option<ScoreView>>, ApiError> {
    let ucis: Vec<String> = moves
        .iter()
        .take(ENGINE_MOVES)
        .map(|m| m.uci.clone())
        .collect();
    if ucis.is_empty() {
        return Ok(Vec::new());
    }
    let each = Duration::from_millis(ms / ucis.len() as u64).max(Duration::from_millis(5));
    thinking
        .run_tool(asker, move || {
            let mut engine = Engine::new(16);
            let t = &knowledge.tables;
            engine.set_tablebases(vec![Arc::clone(&t.rescue), Arc::clone(&t.queen)]);
            ucis.iter()
                .map(|uci| {
                    let m = p.parse_uci(uci).ok()?;
                    let child = p.play_unchecked(m);
                    if child.outcome().is_some() {
                        return None;
                    }
                    let mut control = Deadline(Instant::now(), each);
                    let r = engine.search_any(&child, &[p.hash()], Limits::default(), &mut control);
                    r.best?;
                    Some(match r.report.score {
                        Score::Cp(c) => ScoreView::Cp(-c),
                        Score::Mate(n) => ScoreView::Mate(-n),
                    })
                })
                .collect()
        })
        .await
}
