//! Every statement the store runs on both databases, written once with SQLite's numbered
//! placeholders (PostgreSQL reads `?1` as `$1`: see [`super::sql::for_postgres`]). The column
//! lists come from one place each, in the order the row readers of [`super::rows`] expect.

/// The columns of `games`, as [`super::rows::game`] reads them.
macro_rules! game_columns {
    () => {
        "id, kind, config, seed, created, started, status, updated"
    };
}
/// The condition on `games` that no class account sat at the game: the public lists (the
/// games being played, the latest finished) show a child's name to nobody outside its classes.
macro_rules! no_class_account {
    () => {
        "NOT EXISTS (SELECT 1 FROM seats s JOIN class_accounts k ON k.account = s.account \
         WHERE s.game = games.id)"
    };
}
/// The columns of `accounts`, as [`super::rows::account`] reads them.
macro_rules! account_columns {
    () => {
        "id, name, password_hash, created"
    };
}
/// The columns of `ratings`, as [`super::rows::rating`] reads them.
macro_rules! rating_columns {
    () => {
        "account, pool, rating, deviation, volatility, games, updated"
    };
}
/// The columns of `rating_history`, as [`super::rows::change`] reads them.
macro_rules! change_columns {
    () => {
        "account, pool, game, at, rating, deviation, change"
    };
}
/// The columns of `seeks`, as [`super::rows::seek`] reads them.
macro_rules! seek_columns {
    () => {
        "id, owner, name, account, rating, spec, created, client"
    };
}
/// The columns of `daily_results`, as [`super::rows::daily`] reads them.
macro_rules! daily_columns {
    () => {
        "day, puzzle, player, name, account, moves, ms, at"
    };
}

// ---- games ------------------------------------------------------------------------------

/// A new game.
pub const CREATE_GAME: &str = concat!(
    "INSERT INTO games (",
    game_columns!(),
    ") VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)"
);
/// A seat taken or changed.
pub const PUT_SEAT: &str = "INSERT INTO seats (game, seat, name, token_hash, bot_level, account) \
    VALUES (?1, ?2, ?3, ?4, ?5, ?6) ON CONFLICT (game, seat) DO UPDATE SET name = excluded.name, \
    token_hash = excluded.token_hash, bot_level = excluded.bot_level, account = excluded.account";
/// A seat removed.
pub const REMOVE_SEAT: &str = "DELETE FROM seats WHERE game = ?1 AND seat = ?2";
/// A game started.
pub const START_GAME: &str = "UPDATE games SET config = ?2, started = ?3, status = 'playing', \
    updated = ?3 WHERE id = ?1";
/// A game's configuration changed.
pub const SET_CONFIG: &str = "UPDATE games SET config = ?2 WHERE id = ?1";
/// A game's status changed.
pub const SET_STATUS: &str = "UPDATE games SET status = ?2, updated = ?3 WHERE id = ?1";
/// One game.
pub const GAME: &str = concat!("SELECT ", game_columns!(), " FROM games WHERE id = ?1");
/// A game's seats, a deleted account's shown as "deleted player".
pub const SEATS: &str = "SELECT s.seat, CASE WHEN a.deleted IS NOT NULL THEN 'deleted player' \
    ELSE s.name END, s.token_hash, s.bot_level, s.account FROM seats s \
    LEFT JOIN accounts a ON a.id = s.account WHERE s.game = ?1 ORDER BY s.seat";
/// A game's log.
pub const LOG: &str = "SELECT seq, at, action FROM actions WHERE game = ?1 ORDER BY seq";
/// Games of some statuses (the `IN` list is made for their number).
pub const GAMES_WITH_STATUS: &str =
    concat!("SELECT ", game_columns!(), " FROM games WHERE status IN ");
/// Games being played, newest first, none a class account sits at.
pub const PLAYING: &str = concat!(
    "SELECT ",
    game_columns!(),
    " FROM games WHERE status = 'playing' AND ",
    no_class_account!(),
    " ORDER BY updated DESC LIMIT ?1"
);
/// Finished games, newest first (as `PLAYING`, none a class account sat at).
pub const RECENT_FINISHED: &str = concat!(
    "SELECT ",
    game_columns!(),
    " FROM games WHERE status = 'finished' AND ",
    no_class_account!(),
    " ORDER BY updated DESC LIMIT ?1"
);
/// Every game, a page at a time.
pub const GAMES_AFTER: &str = concat!(
    "SELECT ",
    game_columns!(),
    " FROM games WHERE id > ?1 ORDER BY id LIMIT ?2"
);
/// The games two accounts sat at since a time.
pub const GAMES_BETWEEN: &str = concat!(
    "SELECT ",
    game_columns!(),
    " FROM games WHERE created >= ?3 \
     AND EXISTS (SELECT 1 FROM seats WHERE seats.game = games.id AND seats.account = ?1) \
     AND EXISTS (SELECT 1 FROM seats WHERE seats.game = games.id AND seats.account = ?2)"
);

// ---- accounts and sessions --------------------------------------------------------------

/// A new account, unless its name is taken.
pub const CREATE_ACCOUNT: &str = "INSERT INTO accounts (name, name_key, password_hash, created) \
    VALUES (?1, ?2, ?3, ?4) ON CONFLICT (name_key) DO NOTHING RETURNING id";
/// An account by its name's key.
pub const ACCOUNT_BY_NAME: &str = concat!(
    "SELECT ",
    account_columns!(),
    " FROM accounts WHERE name_key = ?1 AND deleted IS NULL"
);
/// An account by number.
pub const ACCOUNT: &str = concat!(
    "SELECT ",
    account_columns!(),
    " FROM accounts WHERE id = ?1 AND deleted IS NULL"
);
/// A new password hash.
pub const SET_PASSWORD: &str = "UPDATE accounts SET password_hash = ?2 WHERE id = ?1";
/// An account deleted: its name freed (its key made unique to it), its hash forgotten.
pub const DELETE_ACCOUNT: &str = "UPDATE accounts SET deleted = ?2, name_key = 'deleted:' || id, \
    password_hash = '' WHERE id = ?1";
/// Every session of an account.
pub const DELETE_SESSIONS: &str = "DELETE FROM sessions WHERE account = ?1";
/// Every seek of an account.
pub const DELETE_SEEKS_OF_ACCOUNT: &str = "DELETE FROM seeks WHERE account = ?1";
/// A new session.
pub const CREATE_SESSION: &str = "INSERT INTO sessions (token_hash, account, created, last_seen) \
    VALUES (?1, ?2, ?3, ?3)";
/// A session's account and when it was last used.
pub const SESSION: &str = "SELECT a.id, a.name, a.password_hash, a.created, s.last_seen \
    FROM sessions s JOIN accounts a ON a.id = s.account WHERE s.token_hash = ?1 \
    AND a.deleted IS NULL";
/// A session used now.
pub const TOUCH_SESSION: &str = "UPDATE sessions SET last_seen = ?2 WHERE token_hash = ?1";
/// One session ended.
pub const DELETE_SESSION: &str = "DELETE FROM sessions WHERE token_hash = ?1";
/// A guest's seat given to an account.
pub const CLAIM_SEAT: &str = "UPDATE seats SET account = ?1 WHERE token_hash = ?2 \
    AND account IS NULL AND bot_level IS NULL";
/// The results of a guest's seat given to an account.
pub const CLAIM_RESULTS: &str = "UPDATE results SET account = ?1 WHERE account IS NULL \
    AND (game, seat) IN (SELECT game, seat FROM seats WHERE token_hash = ?2)";

// ---- results and ratings ----------------------------------------------------------------

/// A seat's result, unless the game was recorded before.
pub const RECORD_RESULT: &str = "INSERT INTO results (game, seat, account, pool, rated, score, \
    place, players, finished) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9) \
    ON CONFLICT (game, seat) DO NOTHING";
/// An account's new rating in a pool.
pub const PUT_RATING: &str = concat!(
    "INSERT INTO ratings (",
    rating_columns!(),
    ") VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7) ON CONFLICT (account, pool) DO UPDATE SET \
     rating = excluded.rating, deviation = excluded.deviation, \
     volatility = excluded.volatility, games = excluded.games, updated = excluded.updated"
);
/// A rating change of a game.
pub const RECORD_CHANGE: &str = concat!(
    "INSERT INTO rating_history (",
    change_columns!(),
    ") VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7) ON CONFLICT DO NOTHING"
);
/// An account's rating in a pool.
pub const RATING: &str = concat!(
    "SELECT ",
    rating_columns!(),
    " FROM ratings WHERE account = ?1 AND pool = ?2"
);
/// An account's ratings.
pub const RATINGS: &str = concat!(
    "SELECT ",
    rating_columns!(),
    " FROM ratings WHERE account = ?1 ORDER BY pool"
);
/// The rating changes of a game.
pub const GAME_RATINGS: &str = concat!(
    "SELECT ",
    change_columns!(),
    " FROM rating_history WHERE game = ?1 ORDER BY account"
);
/// An account's rating history.
pub const RATING_HISTORY: &str = concat!(
    "SELECT ",
    change_columns!(),
    " FROM rating_history WHERE account = ?1 ORDER BY at"
);
/// An account's finished games.
pub const PLAYED: &str = "SELECT r.game, g.kind, r.pool, r.rated, r.score, r.place, r.players, \
    r.finished FROM results r JOIN games g ON g.id = r.game WHERE r.account = ?1 \
    ORDER BY r.finished DESC LIMIT ?2";
/// The best settled ratings of a pool, with the accounts' names.
pub const LEADERBOARD: &str = "SELECT a.name, r.account, r.pool, r.rating, r.deviation, \
    r.volatility, r.games, r.updated FROM ratings r JOIN accounts a ON a.id = r.account \
    WHERE r.pool = ?1 AND r.games >= ?2 AND a.deleted IS NULL \
    AND NOT EXISTS (SELECT 1 FROM class_accounts k WHERE k.account = r.account) \
    ORDER BY r.rating DESC LIMIT ?3";

/// The rating pools with their numbers of players, the busiest first.
pub const POOL_SIZES: &str = "SELECT r.pool, COUNT(*) FROM ratings r JOIN accounts a \
    ON a.id = r.account WHERE r.games >= ?1 AND a.deleted IS NULL \
    AND NOT EXISTS (SELECT 1 FROM class_accounts k WHERE k.account = r.account) \
    GROUP BY r.pool ORDER BY COUNT(*) DESC, r.pool";

// ---- reviews ---------------------------------------------------------------------------

/// A game's review, kept once.
pub const PUT_REVIEW: &str = "INSERT INTO reviews (game, made, body) VALUES (?1, ?2, ?3) \
    ON CONFLICT (game) DO NOTHING";
/// A game's review.
pub const REVIEW: &str = "SELECT body FROM reviews WHERE game = ?1";

// ---- the server's secrets ---------------------------------------------------------------

/// A secret made the first time it is asked for.
pub const MAKE_SECRET: &str =
    "INSERT INTO meta (key, value) VALUES (?1, ?2) ON CONFLICT (key) DO NOTHING";
/// A secret.
pub const SECRET: &str = "SELECT value FROM meta WHERE key = ?1";

// ---- the lobby --------------------------------------------------------------------------

/// A new seek.
pub const PUT_SEEK: &str = concat!(
    "INSERT INTO seeks (",
    seek_columns!(),
    ") VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)"
);
/// A seek taken out (so of two takers only one gets it).
pub const TAKE_SEEK: &str = concat!(
    "DELETE FROM seeks WHERE id = ?1 RETURNING ",
    seek_columns!()
);
/// Every seek of an owner.
pub const REMOVE_SEEKS_OF: &str = "DELETE FROM seeks WHERE owner = ?1";
/// Every seek, oldest first.
pub const SEEKS: &str = concat!("SELECT ", seek_columns!(), " FROM seeks ORDER BY created");

// ---- the daily puzzle -------------------------------------------------------------------

/// A player's first start of a daily puzzle.
pub const DAILY_START: &str = "INSERT INTO daily_starts (day, puzzle, player, started) \
    VALUES (?1, ?2, ?3, ?4) ON CONFLICT DO NOTHING";
/// When a player first started a daily puzzle.
pub const DAILY_STARTED: &str =
    "SELECT started FROM daily_starts WHERE day = ?1 AND puzzle = ?2 AND player = ?3";
/// A player's first solution of a daily puzzle.
pub const DAILY_RESULT: &str = concat!(
    "INSERT INTO daily_results (",
    daily_columns!(),
    ") VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8) ON CONFLICT DO NOTHING"
);
/// A daily puzzle's ranking.
pub const DAILY_RANKING: &str = concat!(
    "SELECT ",
    daily_columns!(),
    " FROM daily_results WHERE day = ?1 AND puzzle = ?2 ORDER BY moves, ms, at LIMIT ?3"
);
/// The days a player solved a daily puzzle.
pub const DAILY_DAYS: &str =
    "SELECT DISTINCT day FROM daily_results WHERE player = ?1 ORDER BY day DESC";

// ---- puzzles ---------------------------------------------------------------------------

/// A puzzle's columns, in the order [`super::puzzles`] reads them.
macro_rules! puzzle_columns {
    () => {
        "id, game, position, last, solution, themes, rating, deviation, volatility, plays, source"
    };
}
/// Adds a puzzle unless one with its id is stored.
pub const PUT_PUZZLE: &str = concat!(
    "INSERT INTO puzzles (",
    puzzle_columns!(),
    ") VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11) ON CONFLICT (id) DO NOTHING"
);
/// How many puzzles of a game came from a source (`''`: the starter set).
pub const COUNT_PUZZLES: &str = "SELECT COUNT(*) FROM puzzles WHERE game = ?1 AND source = ?2";
/// One puzzle.
pub const PUZZLE: &str = concat!("SELECT ", puzzle_columns!(), " FROM puzzles WHERE id = ?1");
/// A random puzzle of a game within a rating band, with a theme (`''`: any), that the
/// account (none: a guest) has not tried.
pub const PICK_PUZZLE: &str = concat!(
    "SELECT ",
    puzzle_columns!(),
    " FROM puzzles WHERE game = ?1 AND rating >= ?2 AND rating <= ?3 \
     AND (?4 = '' OR (',' || themes || ',') LIKE ('%,' || ?4 || ',%')) \
     AND NOT EXISTS (SELECT 1 FROM puzzle_attempts a WHERE a.account = ?5 AND a.puzzle = puzzles.id) \
     ORDER BY random() LIMIT 1"
);
/// A player's first try at a puzzle (a second one changes nothing).
pub const PUT_ATTEMPT: &str = "INSERT INTO puzzle_attempts (account, puzzle, solved, at) \
     VALUES (?1, ?2, ?3, ?4) ON CONFLICT (account, puzzle) DO NOTHING";
/// A puzzle's new rating after a try.
pub const RATE_PUZZLE: &str = "UPDATE puzzles SET rating = ?2, deviation = ?3, volatility = ?4, \
     plays = plays + 1 WHERE id = ?1";
/// How many puzzles a player tried and solved.
pub const ATTEMPT_COUNTS: &str = "SELECT COUNT(*), CAST(COALESCE(SUM(solved), 0) AS BIGINT) FROM puzzle_attempts \
     WHERE account = ?1 AND puzzle IN (SELECT id FROM puzzles WHERE game = ?2)";

// Moderation (see super::moderation): roles, sanctions, reports, one-time links, chat, audit.

/// An account's role.
pub const ROLE: &str = "SELECT role FROM accounts WHERE id = ?1";
/// Sets an account's role (not a deleted account's).
pub const SET_ROLE: &str = "UPDATE accounts SET role = ?2 WHERE id = ?1 AND deleted IS NULL";
/// Accounts whose name key contains a text, newest first, with their finished games and the
/// reports against them.
pub const LIST_ACCOUNTS: &str = "SELECT a.id, a.name, a.role, a.created, \
     (SELECT COUNT(*) FROM results r WHERE r.account = a.id), \
     (SELECT COUNT(*) FROM reports p WHERE p.subject = a.id) \
     FROM accounts a WHERE a.deleted IS NULL AND a.name_key LIKE ('%' || ?1 || '%') ESCAPE '\\' \
     ORDER BY a.id DESC LIMIT ?2";
/// A line of the audit log.
pub const PUT_AUDIT: &str =
    "INSERT INTO audit_log (at, actor, action, subject, detail) VALUES (?1, ?2, ?3, ?4, ?5)";
/// The audit log, newest first.
pub const AUDIT_LOG: &str = "SELECT id, at, actor, action, subject, detail FROM audit_log \
     ORDER BY id DESC LIMIT ?1";
/// A new sanction.
pub const PUT_SANCTION: &str = "INSERT INTO sanctions (kind, target, subject, reason, actor, at, until) \
     VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)";
/// A sanction lifted (once).
pub const LIFT_SANCTION: &str = "UPDATE sanctions SET lifted_by = ?2, lifted_at = ?3 \
     WHERE id = ?1 AND lifted_at IS NULL";
/// The columns of a sanction with the account's name, as `moderation::sanction` reads them.
macro_rules! sanction_select {
    () => {
        "SELECT s.id, s.kind, s.target, s.subject, s.reason, s.actor, s.at, s.until, \
         s.lifted_by, s.lifted_at, a.name FROM sanctions s \
         LEFT JOIN accounts a ON s.target = 'account' AND CAST(a.id AS TEXT) = s.subject "
    };
}
/// The sanctions in force at a time.
pub const SANCTIONS_IN_FORCE: &str = concat!(
    sanction_select!(),
    "WHERE s.lifted_at IS NULL AND s.at <= ?1 AND (s.until IS NULL OR s.until > ?1) ORDER BY s.id"
);
/// The latest sanctions.
pub const SANCTIONS: &str = concat!(sanction_select!(), "ORDER BY s.id DESC LIMIT ?1");
/// A report, unless the reporter has an open one on the same player, game and message.
pub const PUT_REPORT: &str = "INSERT INTO reports (reporter, subject, game, message, reason, detail, at) \
     SELECT CAST(?1 AS BIGINT), CAST(?2 AS BIGINT), CAST(?3 AS TEXT), CAST(?4 AS BIGINT), \
     CAST(?5 AS TEXT), CAST(?6 AS TEXT), CAST(?7 AS BIGINT) WHERE NOT EXISTS (SELECT 1 FROM reports WHERE reporter = ?1 \
     AND subject = ?2 AND COALESCE(game, '') = COALESCE(?3, '') \
     AND COALESCE(message, -1) = COALESCE(?4, -1) AND closed_at IS NULL) RETURNING id";
/// Reports with both names, newest first; only open ones when ?1 is true.
pub const REPORTS: &str = "SELECT p.id, r.name, p.subject, s.name, p.game, p.message, p.reason, \
     p.detail, p.at, p.closed_by, p.closed_at, p.outcome, m.body FROM reports p \
     JOIN accounts r ON r.id = p.reporter JOIN accounts s ON s.id = p.subject \
     LEFT JOIN chat_messages m ON m.id = p.message \
     WHERE (?1 = FALSE OR p.closed_at IS NULL) ORDER BY p.id DESC LIMIT ?2";
/// A report closed (once).
pub const CLOSE_REPORT: &str = "UPDATE reports SET closed_by = ?2, closed_at = ?3, outcome = ?4 \
     WHERE id = ?1 AND closed_at IS NULL";
/// A one-time link.
pub const PUT_RESET: &str =
    "INSERT INTO password_resets (token_hash, account, made, expires) VALUES (?1, ?2, ?3, ?4)";
/// The account a link works for.
pub const RESET_ACCOUNT: &str = "SELECT a.id, a.name FROM password_resets p \
     JOIN accounts a ON a.id = p.account \
     WHERE p.token_hash = ?1 AND p.used IS NULL AND p.expires > ?2 AND a.deleted IS NULL";
/// A link spent (once, while it works).
pub const SPEND_RESET: &str = "UPDATE password_resets SET used = ?2 \
     WHERE token_hash = ?1 AND used IS NULL AND expires > ?2 \
     AND account IN (SELECT id FROM accounts WHERE deleted IS NULL)";
/// The password of a spent link's account.
pub const RESET_PASSWORD: &str = "UPDATE accounts SET password_hash = ?2 \
     WHERE id = (SELECT account FROM password_resets WHERE token_hash = ?1)";
/// The sessions of a spent link's account.
pub const RESET_SESSIONS: &str = "DELETE FROM sessions \
     WHERE account = (SELECT account FROM password_resets WHERE token_hash = ?1)";
/// The account of a link.
pub const RESET_OWNER: &str = "SELECT account FROM password_resets WHERE token_hash = ?1";
/// The audit line of a spent link.
pub const AUDIT_RESET: &str = "INSERT INTO audit_log (at, actor, action, subject, detail) \
     SELECT ?2, 'account:' || a.name, 'password_reset', 'account:' || a.name, \
     'the password was set by a one-time link' \
     FROM password_resets p JOIN accounts a ON a.id = p.account WHERE p.token_hash = ?1";
/// The columns of a chat message, as `moderation::message` reads them.
macro_rules! message_columns {
    () => {
        "id, room, account, name, body, at, deleted_by"
    };
}
/// A chat message.
pub const PUT_MESSAGE: &str = "INSERT INTO chat_messages (room, account, name, body, at) \
     VALUES (?1, ?2, ?3, ?4, ?5) RETURNING id";
/// A room's latest messages not deleted (newest first: the caller turns them).
pub const MESSAGES: &str = concat!(
    "SELECT ",
    message_columns!(),
    " FROM chat_messages WHERE room = ?1 AND deleted_at IS NULL ORDER BY id DESC LIMIT ?2"
);
/// One message.
pub const MESSAGE: &str = concat!(
    "SELECT ",
    message_columns!(),
    " FROM chat_messages WHERE id = ?1"
);
/// A message deleted (once).
pub const DELETE_MESSAGE: &str = "UPDATE chat_messages SET deleted_by = ?2, deleted_at = ?3 \
     WHERE id = ?1 AND deleted_at IS NULL";

// Friends (see super::social): follows and blocks.

/// A follow (once).
pub const FOLLOW: &str =
    "INSERT INTO follows (follower, followed, at) VALUES (?1, ?2, ?3) ON CONFLICT DO NOTHING";
/// A follow undone.
pub const UNFOLLOW: &str = "DELETE FROM follows WHERE follower = ?1 AND followed = ?2";
/// A block (once).
pub const BLOCK: &str =
    "INSERT INTO blocks (blocker, blocked, at) VALUES (?1, ?2, ?3) ON CONFLICT DO NOTHING";
/// A block undone.
pub const UNBLOCK: &str = "DELETE FROM blocks WHERE blocker = ?1 AND blocked = ?2";
/// Whom an account follows, by name, with when each was last seen signed in.
pub const FOLLOWING: &str = "SELECT a.id, a.name, \
     (SELECT MAX(s.last_seen) FROM sessions s WHERE s.account = a.id) \
     FROM follows f JOIN accounts a ON a.id = f.followed \
     WHERE f.follower = ?1 AND a.deleted IS NULL ORDER BY a.name_key";
/// Whom an account blocks, by name.
pub const BLOCKED: &str = "SELECT a.id, a.name FROM blocks b JOIN accounts a ON a.id = b.blocked \
     WHERE b.blocker = ?1 AND a.deleted IS NULL ORDER BY a.name_key";
/// Whether one of two accounts blocks the other.
pub const BLOCKED_EITHER: &str = "SELECT COUNT(*) FROM blocks \
     WHERE (blocker = ?1 AND blocked = ?2) OR (blocker = ?2 AND blocked = ?1)";
/// Whether an account follows, and blocks, another.
pub const RELATION: &str = "SELECT \
     (SELECT COUNT(*) FROM follows WHERE follower = ?1 AND followed = ?2), \
     (SELECT COUNT(*) FROM blocks WHERE blocker = ?1 AND blocked = ?2)";
/// The games being played with a seat of an account, newest first.
pub const PLAYING_GAMES_OF: &str = "SELECT g.id, g.kind FROM games g JOIN seats s ON s.game = g.id \
     WHERE s.account = ?1 AND g.status = 'playing' ORDER BY g.updated DESC LIMIT 5";
