//! The bounds that keep one server healthy, and the per-address limits that keep one client
//! (or one attacker) from taking what everyone shares.
//!
//! Rates are token buckets from the `governor` crate ([`address`]): a burst of `burst` at
//! once, then one more every `every`. Over the limit a request is answered 429 with
//! `Retry-After`. Counts of what is held open (connections, sockets) are kept per address too.
//!
//! An address is a client as far as the limits can tell ([`key`]): an IPv4 address, or the
//! IPv6 prefix (a /64 unless configured) that one subscriber is given, since one /64 holds
//! more addresses than anyone could count. The client's address is the TCP peer's, or, when
//! the peer is a configured reverse proxy, the last address in `X-Forwarded-For` that is not a
//! proxy ([`TrustedProxies`]).

mod address;
mod proxy;

pub use address::{AddressLimits, Held, Hold, Limited};
pub use proxy::{TrustedProxies, key};

use std::time::Duration;

/// A token bucket: `burst` at once, then one more every `every`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rate {
    /// How many at once.
    pub burst: u32,
    /// The time that earns one more.
    pub every: Duration,
}

impl Rate {
    /// `burst` at once, then `per_hour` an hour.
    pub const fn per_hour(burst: u32, per_hour: u32) -> Rate {
        Rate {
            burst,
            every: Duration::from_millis(3_600_000 / per_hour as u64),
        }
    }

    /// `burst` at once, then `per_minute` a minute.
    pub const fn per_minute(burst: u32, per_minute: u32) -> Rate {
        Rate {
            burst,
            every: Duration::from_millis(60_000 / per_minute as u64),
        }
    }

    /// `burst` at once, then `per_second` a second.
    pub const fn per_second(burst: u32, per_second: u32) -> Rate {
        Rate {
            burst,
            every: Duration::from_millis(1_000 / per_second as u64),
        }
    }
}

/// Bounds that keep one server healthy. `None` rates are unlimited (tests and load tests).
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    /// Rooms in memory at once; past it the least recently used room without connections
    /// leaves memory (it reloads from its log on the next visit).
    pub rooms: usize,
    /// WebSockets in all. Lobby sockets may take at most half of them, so watching the lobby
    /// can never keep players from their games.
    pub sockets: usize,
    /// WebSockets from one address (game and lobby sockets together).
    pub sockets_per_address: usize,
    /// Lobby WebSockets from one address (a browser has one per open lobby page).
    pub lobby_sockets_per_address: usize,
    /// Sockets of one seated player in one room (each seat has its own, so one player can
    /// never lock the other out).
    pub sockets_per_seat: usize,
    /// Spectators' sockets in one room (counted apart from the players', so watchers can
    /// never lock the players out).
    pub spectators_per_room: usize,
    /// Open HTTP connections in all (WebSockets not counted once upgraded).
    pub http_connections: usize,
    /// Open HTTP connections from one address.
    pub http_connections_per_address: usize,
    /// Time to send a request's headers, and the longest a kept-alive connection may idle.
    pub header_timeout: Duration,
    /// Time to send a request's whole body, counted from the end of its headers (a deadline,
    /// not a gap between bytes: a body trickled a byte at a time is cut off all the same).
    pub body_timeout: Duration,
    /// How often a WebSocket is pinged; a peer silent for two periods is dropped.
    pub heartbeat: Duration,
    /// A socket that does not take a frame within this time is dropped (a client that stopped
    /// reading).
    pub send_timeout: Duration,
    /// How long a room with nobody connected stays in memory.
    pub idle: Duration,
    /// How long a lobby waits to start before it expires.
    pub lobby_expiry: Duration,
    /// A player disconnected this long is away: the host's role passes to the next seat, and
    /// a game its bots would play on alone (a party, a match) is closed once every player is
    /// away.
    pub away: Duration,
    /// Open seeks of one player (lichess allows a handful too).
    pub seeks_per_player: usize,
    /// Open seeks of the players of one address.
    pub seeks_per_address: usize,
    /// Seeks the lobby shows (the oldest first); the view says how many more there are.
    pub lobby_seeks_shown: usize,
    /// Game creations per address.
    pub creates: Option<Rate>,
    /// Seats taken per address.
    pub joins: Option<Rate>,
    /// WebSocket frames per address (game and lobby sockets).
    pub frames: Option<Rate>,
    /// API requests of any kind per address.
    pub requests: Option<Rate>,
    /// Sign-ups and log-ins per address.
    pub logins: Option<Rate>,
    /// Accounts teachers make for their classes, per address: sixty at once (a class or
    /// two), then one a minute, so classes are no factory of accounts.
    pub made_accounts: Option<Rate>,
    /// Log-ins to one account from one address: a stranger's guesses use up the stranger's
    /// bucket, never the owner's.
    pub logins_per_account_address: Option<Rate>,
    /// Log-ins to one account from everywhere: far above a person's rate, it slows a guess
    /// spread over many addresses. A browser that signed in to the account before (its
    /// device cookie) is not held by it, so even that cannot lock the owner out.
    pub logins_per_account: Option<Rate>,
    /// Reports of players per address (each reaches a moderator: a flood of them would
    /// bury the real ones).
    pub reports: Option<Rate>,
    /// Password changes and account deletions per session (the signed-in player's own
    /// bucket: strangers' guesses never touch it).
    pub account_changes: Option<Rate>,
    /// Tool searches (analysis, hints, exercises) one client may have running or waiting;
    /// beyond it 429 with `Retry-After`.
    pub tools_per_client: usize,
    /// Tool searches waiting in all; beyond it 503.
    pub tools_waiting: usize,
    /// Searches for games (bots) running at once.
    pub thinking: usize,
    /// Searches for tools (analysis, hints, exercises) running at once, apart from the games'
    /// (so a tool never keeps a bot from its move).
    pub thinking_tools: usize,
    /// Replays built at once (they replay a whole game: CPU and memory).
    pub replays: usize,
    /// Game exports (a player's games as one PGN or JSON lines file) one address may have
    /// running at once; beyond it 429 with `Retry-After`.
    pub exports_per_address: usize,
    /// Games one client (an address, an account) may have waiting for their review; beyond
    /// it 429.
    pub reviews_per_client: usize,
    /// Games waiting for their review on one node; beyond it 503.
    pub reviews_waiting: usize,
    /// The nodes searched in each position of a reviewed game.
    pub review_nodes: u64,
    /// Whether every rated QuickChess game is queued for its review when it ends.
    pub auto_review: bool,
    /// Whether finished full-QuickChess and Querni games are mined for puzzles in the
    /// background (on the tools' lane, as one more client of it).
    pub mine_puzzles: bool,
    /// The IPv6 prefix length that is one client (64: a subscriber's usual allocation).
    pub ipv6_prefix: u8,
    /// Rated games two accounts may begin together in 24 hours.
    pub rated_pairings_per_day: u32,
    /// Whether two accounts of one address may play a rated game together (a club behind one
    /// address; off on a public server, where it is how ratings are farmed).
    pub rated_same_address: bool,
    /// Chat messages: per address and, apart, per account.
    pub chats: Option<Rate>,
    /// The shortest arena a player may make (the longest is twelve hours).
    pub shortest_arena: Duration,
    /// Tournaments made from one address (whatever its accounts) waiting to start, at most.
    pub upcoming_events_per_address: usize,
    /// Rated puzzle tries an account may make in 24 hours (the rest are judged, unrated).
    pub rated_puzzles_per_day: u64,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            rooms: 2_000,
            sockets: 10_000,
            sockets_per_address: 100,
            lobby_sockets_per_address: 8,
            sockets_per_seat: 8,
            spectators_per_room: 200,
            http_connections: 4_096,
            http_connections_per_address: 32,
            header_timeout: Duration::from_secs(10),
            body_timeout: Duration::from_secs(10),
            heartbeat: Duration::from_secs(20),
            send_timeout: Duration::from_secs(15),
            idle: Duration::from_secs(600),
            lobby_expiry: Duration::from_secs(24 * 3600),
            away: Duration::from_secs(45),
            seeks_per_player: 3,
            seeks_per_address: 6,
            lobby_seeks_shown: 200,
            creates: Some(Rate::per_minute(20, 20)),
            joins: Some(Rate::per_minute(30, 60)),
            frames: Some(Rate::per_second(100, 50)),
            requests: Some(Rate::per_second(200, 100)),
            logins: Some(Rate::per_minute(10, 10)),
            made_accounts: Some(Rate::per_hour(60, 60)),
            logins_per_account_address: Some(Rate::per_minute(5, 5)),
            logins_per_account: Some(Rate::per_hour(100, 60)),
            reports: Some(Rate::per_hour(5, 10)),
            account_changes: Some(Rate::per_minute(5, 5)),
            tools_per_client: 2,
            tools_waiting: 64,
            thinking: default_concurrency(),
            thinking_tools: 1,
            replays: 2,
            exports_per_address: 2,
            reviews_per_client: 2,
            reviews_waiting: 100,
            review_nodes: DEFAULT_REVIEW_NODES,
            auto_review: false,
            mine_puzzles: false,
            ipv6_prefix: 64,
            rated_pairings_per_day: 10,
            rated_same_address: false,
            chats: Some(Rate::per_minute(5, 12)),
            shortest_arena: Duration::from_secs(120),
            upcoming_events_per_address: 6,
            rated_puzzles_per_day: 100,
        }
    }
}

impl Limits {
    /// The same bounds without any per-address limit (for tests and load tests that play
    /// thousands of games from one address, and private servers): no rates, no per-address
    /// counts, and accounts of one address may play rated games together as often as they
    /// like.
    pub fn unlimited_rates(self) -> Limits {
        Limits {
            creates: None,
            joins: None,
            frames: None,
            requests: None,
            logins: None,
            made_accounts: None,
            logins_per_account_address: None,
            logins_per_account: None,
            reports: None,
            account_changes: None,
            chats: None,
            sockets_per_address: usize::MAX,
            lobby_sockets_per_address: usize::MAX,
            http_connections_per_address: usize::MAX,
            seeks_per_address: usize::MAX,
            tools_per_client: usize::MAX,
            rated_pairings_per_day: u32::MAX,
            rated_same_address: true,
            upcoming_events_per_address: usize::MAX,
            ..self
        }
    }

    /// The most lobby sockets the server holds (half of all sockets).
    pub fn lobby_sockets(&self) -> usize {
        (self.sockets / 2).max(1)
    }
}

/// How many bot searches may run at once by default: every core but one, which stays free
/// for the runtime, and at least two, so that one client's search never holds every place
/// (a client runs at most all places but one).
pub fn default_concurrency() -> usize {
    std::thread::available_parallelism()
        .map_or(1, |n| n.get().saturating_sub(1))
        .max(2)
}

/// The nodes a review searches in each position by default: about a quarter of a second a
/// position on one core, so a 40-move game is reviewed in well under 10 s (BENCHMARKS.md).
pub const DEFAULT_REVIEW_NODES: u64 = 200_000;
