//! Stored games made and started: a new game with its seats (checked options, a rated
//! table's rules), a rematch, a lobby's start. What is stored here is what a room loads.

use crate::context::Context;
use crate::error::{ApiError, Denied, Invalid, Missing};
use crate::games::{Adapter, Hosted, Kind, started_config, with_adapter};
use crate::ids::{now_ms, random_hex, random_seed, token_hash};
use crate::model::{GameConfig, GameOptions, Status};
use crate::players::names::clean as clean_name;
use crate::store::{GameRecord, SeatRecord};
use tabula_core::Millis;

/// A game just created.
#[derive(Clone, Debug)]
pub struct Created {
    /// Its id.
    pub id: String,
    /// The creator's seat.
    pub seat: u32,
    /// The creator's secret token.
    pub token: String,
}

/// Which adapter runs a stored game (its options say so even before it starts).
pub(crate) fn hosted_of(record: &GameRecord) -> Hosted {
    Hosted::of(record.kind, &record.config.options)
}

/// Creates a game for a guest: the creator takes seat 0; `bots` fill further seats.
pub async fn create(
    ctx: &Context,
    kind: Kind,
    options: GameOptions,
    name: &str,
    bots: &[u8],
) -> Result<Created, ApiError> {
    let host = crate::players::Host {
        name: name.into(),
        account: None,
        client: None,
    };
    create_hosted(ctx, kind, options, &host, bots, false).await
}

/// Creates a game: `host` takes seat 0; `bots` fill further seats. A rated game is
/// between signed-in players only.
pub async fn create_hosted(
    ctx: &Context,
    kind: Kind,
    options: GameOptions,
    host: &crate::players::Host,
    bots: &[u8],
    rated: bool,
) -> Result<Created, ApiError> {
    let name = host.name.as_str();
    if rated && host.account.is_none() {
        return Err(ApiError::Forbidden(
            Denied::GuestRated,
            "sign in to play rated games (guests play casual ones)".into(),
        ));
    }
    if let (true, Some(a)) = (rated, &host.account) {
        crate::classes::guard::may_play_rated(ctx.store.as_ref(), *a).await?;
    }
    if rated && !bots.is_empty() {
        return Err(ApiError::BadInput(
            Invalid::Unrateable,
            "games against bots are casual: rated games are between people".into(),
        ));
    }
    if rated && kind.max_seats() < 2 {
        return Err(ApiError::BadInput(
            Invalid::Unrateable,
            format!("{} is played alone: it cannot be rated", kind.name()),
        ));
    }
    if 1 + bots.len() > kind.max_seats() {
        return Err(ApiError::BadInput(
            Invalid::Options,
            format!("{} has at most {} seats", kind.name(), kind.max_seats()),
        ));
    }
    for &level in bots {
        kind.check_bot_level(level)?;
    }
    // check the options now, so a bad lobby never exists
    kind.configure(&options, 1 + bots.len(), &ctx.services)?;
    let token = random_hex(16);
    let seat0 = SeatRecord {
        seat: 0,
        name: clean_name(name),
        token_hash: token_hash(&token),
        bot_level: None,
        account: host.account,
    };
    let bots = bots.iter().enumerate().map(|(i, &level)| SeatRecord {
        seat: i as u32 + 1,
        name: format!("Bot {level}"),
        token_hash: String::new(),
        bot_level: Some(level),
        account: None,
    });
    let seats: Vec<SeatRecord> = std::iter::once(seat0).chain(bots).collect();
    let start = kind.ready(seats.len());
    // a rated table remembers its players' clients until it starts (two accounts of one
    // client never meet there); the started game's configuration drops them
    let clients = rated.then(|| vec![host.client]);
    let id = insert_game(ctx, kind, options, rated, clients, &seats, start).await?;
    Ok(Created { id, seat: 0, token })
}

/// Creates the rematch of a finished game, started at once: the same kind, options (a
/// duel's sides swapped), rating (a rated game's rematch is rated) and seats, each held by
/// the same token (so every player's browser already holds its seat) and bot.
pub async fn rematch(
    ctx: &Context,
    game: &GameRecord,
    seats: &[SeatRecord],
) -> Result<String, ApiError> {
    let kind = game.kind;
    let options = kind.rematch_options(&game.config.options);
    kind.configure(&options, seats.len(), &ctx.services)?;
    // a rated game's rematch is rated, unless its players have begun their rated games
    // together for the day: then it is casual
    let mut rated = crate::players::is_rated(game);
    let accounts: Vec<i64> = seats.iter().filter_map(|s| s.account).collect();
    if rated {
        for (i, &a) in accounts.iter().enumerate() {
            for &b in &accounts[i + 1..] {
                let seated = |account| crate::players::fair::Seated {
                    account,
                    client: None,
                };
                if crate::players::fair::may_pair(ctx, seated(a), seated(b))
                    .await
                    .is_err()
                {
                    rated = false;
                }
            }
        }
    }
    insert_game(ctx, kind, options, rated, None, seats, true).await
}

/// Stores a new game of `kind` with its options, rating and seats, started at once if
/// `start`; returns its id.
async fn insert_game(
    ctx: &Context,
    kind: Kind,
    options: GameOptions,
    rated: bool,
    clients: Option<Vec<Option<std::net::IpAddr>>>,
    seats: &[SeatRecord],
    start: bool,
) -> Result<String, ApiError> {
    let id = random_hex(6);
    insert_game_as(ctx, &id, kind, options, rated, clients, seats, start).await?;
    Ok(id)
}

/// Creates a game the server pairs (a tournament's): `players` (account and name) in seat
/// order, each seat held by the token `token(game, seat)` gives (derived, so each player can
/// be given it again on any of their devices), rated or not, started at once if `start`. Its id.
pub async fn create_paired(
    ctx: &Context,
    kind: Kind,
    options: GameOptions,
    rated: bool,
    players: &[(i64, String)],
    start: bool,
    token: impl Fn(&str, u32) -> String,
) -> Result<String, ApiError> {
    kind.configure(&options, players.len(), &ctx.services)?;
    let id = random_hex(6);
    let seats: Vec<SeatRecord> = players
        .iter()
        .enumerate()
        .map(|(i, (account, name))| SeatRecord {
            seat: i as u32,
            name: clean_name(name),
            token_hash: token_hash(&token(&id, i as u32)),
            bot_level: None,
            account: Some(*account),
        })
        .collect();
    insert_game_as(ctx, &id, kind, options, rated, None, &seats, start).await?;
    Ok(id)
}

/// Stores game `id` (see [`insert_game`]).
#[allow(clippy::too_many_arguments)]
async fn insert_game_as(
    ctx: &Context,
    id: &str,
    kind: Kind,
    options: GameOptions,
    rated: bool,
    clients: Option<Vec<Option<std::net::IpAddr>>>,
    seats: &[SeatRecord],
    start: bool,
) -> Result<(), ApiError> {
    let id = id.to_string();
    let now = now_ms();
    let config = GameConfig {
        options,
        game: None,
        rated,
        clients,
    };
    let record = GameRecord {
        id: id.clone(),
        kind,
        config,
        seed: random_seed(),
        created: now,
        started: None,
        status: Status::Lobby,
        updated: now,
    };
    ctx.store.create_game(&record).await?;
    for s in seats {
        ctx.store.put_seat(&id, s).await?;
    }
    if start {
        start_record(ctx, &id, kind, now).await?;
    }
    Ok(())
}

/// Completes the configuration from the seats and marks the game started; returns the
/// whole stored configuration.
pub async fn start_record(
    ctx: &Context,
    id: &str,
    kind: Kind,
    now: Millis,
) -> Result<GameConfig, ApiError> {
    let record = ctx
        .store
        .game(id)
        .await?
        .ok_or_else(|| ApiError::NotFound(Missing::Game, format!("no game `{id}`")))?;
    let seats = ctx.store.seats(id).await?;
    let game = kind.configure(&record.config.options, seats.len(), &ctx.services)?;
    let config = GameConfig {
        options: record.config.options,
        game: Some(game),
        rated: record.config.rated,
        clients: None,
    };
    ctx.store.start_game(id, &config, now).await?;
    let started = GameRecord {
        config: config.clone(),
        started: Some(now),
        status: Status::Playing,
        ..record
    };
    if let Some(due) = first_deadline(ctx, &started)? {
        ctx.store.put_deadline(id, Some(due)).await?;
    }
    Ok(config)
}

/// The first deadline of a game just started (a first move's limit, a timer), which the
/// store keeps for the sweepers: a game started here (a tournament's pairing, a challenge
/// accepted) may never be opened by anyone, and must end on time all the same.
fn first_deadline(ctx: &Context, started: &GameRecord) -> Result<Option<Millis>, ApiError> {
    let Some(at) = started.started else {
        return Ok(None);
    };
    with_adapter!(hosted_of(started), A => {
        let game = A::start(started_config(started)?, started.seed, at, &ctx.services)?;
        Ok(if game.is_over() { None } else { A::tick().and(game.next_deadline()) })
    })
}
