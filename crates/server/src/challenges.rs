//! Challenges: a signed-in player asks another, by name, to play a game of given settings
//! (QuickChess in any variant, Querni or a Royal Study match; clock, side, rated or casual).
//! The other accepts (the game is made and both are seated, each holding a token derived from
//! the server's secret, so each is given it on whichever page or device asks), declines, or
//! lets it expire after [`EXPIRES_MS`]; the challenger may cancel it first. A player blocked
//! by the other (or blocking them) cannot challenge them; a rated challenge follows a rated
//! game's rules (two addresses, the pair's games of the day) when it is accepted.
//!
//! Pages learn of challenges by asking ([`list`]) when their bell rings (the lobby's news
//! carries a ring to every node's bell sockets, see `http/challenges.rs`) and now and then
//! besides: the store is the one truth, so a challenge made on one node is seen from any other.

use crate::context::Context;
use crate::error::{ApiError, Clash, Denied, Fault, Invalid, Missing, Rule};
use crate::ids::{now_ms, random_hex};
use crate::model::{GameOptions, Kind};
use crate::players::fair::{Seated, may_pair};
use crate::store::challenges::ChallengeRecord;
use crate::store::players::Account;
use serde::{Deserialize, Serialize};
use std::net::IpAddr;
use ts_rs::TS;

/// How long a challenge waits for its answer.
pub const EXPIRES_MS: u64 = 5 * 60_000;
/// How many open challenges one player may have made.
pub const OPEN_PER_PLAYER: usize = 5;
/// How long an answered challenge stays in the lists (the challenger's page finds the game
/// there).
const ANSWERED_SHOWN_MS: u64 = 10 * 60_000;

/// A challenge as a player sends it.
#[derive(Clone, Debug, Deserialize, TS)]
#[serde(deny_unknown_fields)]
pub struct ChallengeBody {
    /// Whom, by name.
    pub to: String,
    /// `quickchess`, `querni` or `royal-match`.
    pub kind: Kind,
    /// The game's options (variant, clock; `color` is the challenger's side).
    #[serde(default, deserialize_with = "crate::model::null_is_default")]
    #[ts(optional = nullable)]
    pub options: GameOptions,
    /// Rated or casual.
    #[serde(default)]
    #[ts(optional = nullable)]
    pub rated: bool,
}

/// What is stored of the game asked for.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
#[ts(rename = "ChallengeGame")]
pub struct Spec {
    /// The kind of game.
    pub kind: Kind,
    /// Its options.
    pub options: GameOptions,
    /// Rated or casual.
    pub rated: bool,
}

/// A seat in the game an accepted challenge made.
#[derive(Clone, Debug, PartialEq, Serialize, TS)]
pub struct ChallengeSeat {
    /// The game.
    pub id: String,
    /// The viewer's seat.
    pub seat: u32,
    /// Its token.
    pub token: String,
}

/// A challenge as one of its two players sees it.
#[derive(Clone, Debug, PartialEq, Serialize, TS)]
pub struct ChallengeView {
    /// Its id.
    pub id: String,
    /// Who asks.
    pub from: String,
    /// Who is asked.
    pub to: String,
    /// The game asked for.
    pub game: Spec,
    /// `open`, `accepted`, `declined`, `cancelled` or `expired`.
    pub status: String,
    /// When it lapses unless answered.
    pub expires: u64,
    /// The viewer's seat, once accepted.
    pub seat: Option<ChallengeSeat>,
}

/// The viewer's challenges.
#[derive(Clone, Debug, PartialEq, Serialize, TS)]
pub struct ChallengeList {
    /// Made to the viewer, newest first.
    pub incoming: Vec<ChallengeView>,
    /// Made by the viewer, newest first.
    pub outgoing: Vec<ChallengeView>,
    /// The server's clock now.
    pub now: u64,
}

async fn name_of(ctx: &Context, id: i64) -> Result<String, ApiError> {
    Ok(ctx
        .store
        .account(id)
        .await?
        .map(|a| a.name)
        .unwrap_or_default())
}

async fn view(
    ctx: &Context,
    c: &ChallengeRecord,
    me: i64,
    now: u64,
) -> Result<ChallengeView, ApiError> {
    let spec: Spec = serde_json::from_str(&c.spec).map_err(|e| {
        ApiError::Internal(
            Fault::Stored,
            format!("challenge {}'s stored game: {e}", c.id),
        )
    })?;
    let status = if c.status == "open" && c.expires <= now {
        "expired".to_string()
    } else {
        c.status.clone()
    };
    let seat = match &c.game {
        Some(game) if status == "accepted" => {
            let seat = u32::from(me != c.challenger);
            Some(ChallengeSeat {
                id: game.clone(),
                seat,
                token: ctx.paired_seat_token(game, seat).await?,
            })
        }
        _ => None,
    };
    Ok(ChallengeView {
        id: c.id.clone(),
        from: name_of(ctx, c.challenger).await?,
        to: name_of(ctx, c.challenged).await?,
        game: spec,
        status,
        expires: c.expires,
        seat,
    })
}

/// `me` (at `from`) challenges the player the body names.
pub async fn send(
    ctx: &Context,
    me: &Account,
    from: IpAddr,
    body: ChallengeBody,
) -> Result<ChallengeView, ApiError> {
    ctx.sanctions.may_play(Some(from), Some(me.id))?;
    let them = crate::moderation::actions::account_named(ctx.store.as_ref(), &body.to).await?;
    if them.id == me.id {
        return Err(ApiError::Refused(
            Rule::Yourself,
            "you cannot challenge yourself".into(),
        ));
    }
    if !matches!(
        body.kind,
        Kind::Quickchess | Kind::Querni | Kind::RoyalMatch
    ) {
        return Err(ApiError::BadInput(
            Invalid::Kind,
            "kind: a challenge is to quickchess, querni or royal-match".into(),
        ));
    }
    crate::classes::guard::reach(ctx.store.as_ref(), Some(me.id), them.id, "challenge").await?;
    if ctx.store.blocked_either(me.id, them.id).await? {
        return Err(ApiError::Forbidden(
            Denied::Blocked,
            format!(
                "you cannot challenge {}: one of you blocks the other",
                them.name
            ),
        ));
    }
    if body.rated {
        for account in [me.id, them.id] {
            crate::classes::guard::may_play_rated(ctx.store.as_ref(), account).await?;
        }
    }
    body.kind.configure(&body.options, 2, &ctx.services)?;
    let now = now_ms();
    let open = ctx
        .store
        .challenges_of(me.id, now, now)
        .await?
        .into_iter()
        .filter(|c| c.challenger == me.id && c.status == "open" && c.expires > now)
        .count();
    if open >= OPEN_PER_PLAYER {
        return Err(ApiError::Conflict(
            Clash::TooMany,
            format!("you have {open} challenges waiting for an answer: at most {OPEN_PER_PLAYER}"),
        ));
    }
    ctx.addresses.check(crate::limits::Limited::Create, from)?;
    let spec = Spec {
        kind: body.kind,
        options: body.options,
        rated: body.rated,
    };
    let record = ChallengeRecord {
        id: random_hex(6),
        challenger: me.id,
        challenged: them.id,
        spec: serde_json::to_string(&spec)
            .map_err(|e| ApiError::Internal(Fault::Encoding, format!("a challenge's game: {e}")))?,
        status: "open".into(),
        created: now,
        expires: now + EXPIRES_MS,
        game: None,
    };
    ctx.store.put_challenge(&record).await?;
    view(ctx, &record, me.id, now).await
}

/// `me`'s challenges: those open, and those answered in the last minutes.
pub async fn list(ctx: &Context, me: &Account) -> Result<ChallengeList, ApiError> {
    let now = now_ms();
    let mut out = ChallengeList {
        incoming: Vec::new(),
        outgoing: Vec::new(),
        now,
    };
    for c in ctx
        .store
        .challenges_of(me.id, now, now.saturating_sub(ANSWERED_SHOWN_MS))
        .await?
    {
        let v = view(ctx, &c, me.id, now).await?;
        if c.challenger == me.id {
            out.outgoing.push(v);
        } else {
            out.incoming.push(v);
        }
    }
    Ok(out)
}

async fn own(ctx: &Context, id: &str) -> Result<ChallengeRecord, ApiError> {
    ctx.store
        .challenge(id)
        .await?
        .ok_or_else(|| ApiError::NotFound(Missing::Challenge, format!("no challenge `{id}`")))
}

fn gone(c: &ChallengeRecord, now: u64) -> ApiError {
    if c.status == "open" && c.expires <= now {
        ApiError::Conflict(Clash::Settled, "the challenge expired".into())
    } else {
        ApiError::Conflict(
            Clash::Settled,
            format!("the challenge was {} already", c.status),
        )
    }
}

/// `me` (at `from`) accepts challenge `id`: the game is made, and `me`'s seat in it.
pub async fn accept(
    ctx: &Context,
    me: &Account,
    from: IpAddr,
    id: &str,
) -> Result<ChallengeView, ApiError> {
    let c = own(ctx, id).await?;
    if c.challenged != me.id {
        return Err(ApiError::Forbidden(
            Denied::NotYours,
            "only the player challenged accepts".into(),
        ));
    }
    let now = now_ms();
    if c.status != "open" || c.expires <= now {
        return Err(gone(&c, now));
    }
    ctx.sanctions.may_play(Some(from), Some(me.id))?;
    ctx.sanctions.may_play(None, Some(c.challenger))?;
    if ctx.store.blocked_either(me.id, c.challenger).await? {
        return Err(ApiError::Forbidden(
            Denied::Blocked,
            "one of you blocks the other".into(),
        ));
    }
    let spec: Spec = serde_json::from_str(&c.spec).map_err(|e| {
        ApiError::Internal(Fault::Stored, format!("challenge {id}'s stored game: {e}"))
    })?;
    if spec.rated {
        for account in [c.challenger, me.id] {
            crate::classes::guard::may_play_rated(ctx.store.as_ref(), account).await?;
        }
        let seated = |account, client| Seated { account, client };
        let mine = Some(ctx.addresses.client(from));
        may_pair(ctx, seated(c.challenger, None), seated(me.id, mine)).await?;
    }
    let players = [
        (c.challenger, name_of(ctx, c.challenger).await?),
        (me.id, me.name.clone()),
    ];
    // made unstarted, the challenge answered, then started: of an accept and a cancel at
    // once only one wins, and a game nobody was told of never runs its clock
    let game = crate::rooms::records::create_paired(
        ctx,
        spec.kind,
        spec.options.clone(),
        spec.rated,
        &players,
        false,
        ctx.paired_seat_tokens().await?,
    )
    .await?;
    if !ctx
        .store
        .answer_challenge(id, "accepted", Some(&game), now)
        .await?
    {
        return Err(gone(&own(ctx, id).await?, now));
    }
    crate::rooms::records::start_record(ctx, &game, spec.kind, now_ms()).await?;
    view(ctx, &own(ctx, id).await?, me.id, now).await
}

/// `me` declines challenge `id` (as the player challenged) or cancels it (`cancel`, as the
/// challenger).
pub async fn refuse(
    ctx: &Context,
    me: &Account,
    id: &str,
    cancel: bool,
) -> Result<ChallengeView, ApiError> {
    let c = own(ctx, id).await?;
    let status = match (cancel, c.challenger == me.id, c.challenged == me.id) {
        (true, true, _) => "cancelled",
        (false, _, true) => "declined",
        (true, _, _) => {
            return Err(ApiError::Forbidden(
                Denied::NotYours,
                "only the challenger cancels".into(),
            ));
        }
        (false, _, _) => {
            return Err(ApiError::Forbidden(
                Denied::NotYours,
                "only the player challenged declines".into(),
            ));
        }
    };
    let now = now_ms();
    if !ctx.store.answer_challenge(id, status, None, now).await? {
        return Err(gone(&c, now));
    }
    view(ctx, &own(ctx, id).await?, me.id, now).await
}
