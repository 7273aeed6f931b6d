//! The tables [`super::copy`] copies from SQLite to PostgreSQL, in an order where every
//! foreign key holds at every step, with each column's PostgreSQL type. A new table is added
//! here with its migration.

/// A column's type in PostgreSQL (SQLite's are looser).
#[derive(Clone, Copy, Debug)]
pub(super) enum Ty {
    Text,
    OptText,
    Big,
    OptBig,
    Int,
    OptInt,
    Float,
    Bool,
}

impl Ty {
    pub(super) fn array_cast(self) -> &'static str {
        match self {
            Ty::Text | Ty::OptText => "text[]",
            Ty::Big | Ty::OptBig => "bigint[]",
            Ty::Int | Ty::OptInt => "integer[]",
            Ty::Float => "double precision[]",
            Ty::Bool => "boolean[]",
        }
    }
}

/// The tables copied, parents before children (the foreign keys hold at every step).
pub(super) const TABLES: &[(&str, &[(&str, Ty)])] = &[
    (
        "accounts",
        &[
            ("id", Ty::Big),
            ("name", Ty::Text),
            ("name_key", Ty::Text),
            ("password_hash", Ty::Text),
            ("created", Ty::Big),
            ("deleted", Ty::OptBig),
            ("role", Ty::Text),
        ],
    ),
    (
        "games",
        &[
            ("id", Ty::Text),
            ("kind", Ty::Text),
            ("config", Ty::Text),
            ("seed", Ty::Big),
            ("created", Ty::Big),
            ("started", Ty::OptBig),
            ("status", Ty::Text),
            ("updated", Ty::Big),
        ],
    ),
    (
        "seats",
        &[
            ("game", Ty::Text),
            ("seat", Ty::Int),
            ("name", Ty::Text),
            ("token_hash", Ty::Text),
            ("bot_level", Ty::OptInt),
            ("account", Ty::OptBig),
        ],
    ),
    (
        "actions",
        &[
            ("game", Ty::Text),
            ("seq", Ty::Big),
            ("at", Ty::Big),
            ("action", Ty::Text),
        ],
    ),
    (
        "sessions",
        &[
            ("token_hash", Ty::Text),
            ("account", Ty::Big),
            ("created", Ty::Big),
            ("last_seen", Ty::Big),
        ],
    ),
    (
        "results",
        &[
            ("game", Ty::Text),
            ("seat", Ty::Int),
            ("account", Ty::OptBig),
            ("pool", Ty::Text),
            ("rated", Ty::Bool),
            ("score", Ty::Float),
            ("place", Ty::Int),
            ("players", Ty::Int),
            ("finished", Ty::Big),
        ],
    ),
    (
        "reviews",
        &[("game", Ty::Text), ("made", Ty::Big), ("body", Ty::Text)],
    ),
    (
        "ratings",
        &[
            ("account", Ty::Big),
            ("pool", Ty::Text),
            ("rating", Ty::Float),
            ("deviation", Ty::Float),
            ("volatility", Ty::Float),
            ("games", Ty::Int),
            ("updated", Ty::Big),
        ],
    ),
    (
        "rating_history",
        &[
            ("account", Ty::Big),
            ("pool", Ty::Text),
            ("game", Ty::Text),
            ("at", Ty::Big),
            ("rating", Ty::Float),
            ("deviation", Ty::Float),
            ("change", Ty::Float),
        ],
    ),
    (
        "daily_starts",
        &[
            ("day", Ty::Text),
            ("puzzle", Ty::Text),
            ("player", Ty::Text),
            ("started", Ty::Big),
        ],
    ),
    (
        "daily_results",
        &[
            ("day", Ty::Text),
            ("puzzle", Ty::Text),
            ("player", Ty::Text),
            ("name", Ty::Text),
            ("account", Ty::OptBig),
            ("moves", Ty::Int),
            ("ms", Ty::Big),
            ("at", Ty::Big),
        ],
    ),
    (
        "puzzles",
        &[
            ("id", Ty::Text),
            ("game", Ty::Text),
            ("position", Ty::Text),
            ("last", Ty::Text),
            ("solution", Ty::Text),
            ("themes", Ty::Text),
            ("rating", Ty::Float),
            ("deviation", Ty::Float),
            ("volatility", Ty::Float),
            ("plays", Ty::Big),
            ("source", Ty::Text),
        ],
    ),
    (
        "puzzle_attempts",
        &[
            ("account", Ty::Big),
            ("puzzle", Ty::Text),
            ("solved", Ty::Big),
            ("at", Ty::Big),
        ],
    ),
    (
        "sanctions",
        &[
            ("id", Ty::Big),
            ("kind", Ty::Text),
            ("target", Ty::Text),
            ("subject", Ty::Text),
            ("reason", Ty::Text),
            ("actor", Ty::Text),
            ("at", Ty::Big),
            ("until", Ty::OptBig),
            ("lifted_by", Ty::OptText),
            ("lifted_at", Ty::OptBig),
        ],
    ),
    (
        "chat_messages",
        &[
            ("id", Ty::Big),
            ("room", Ty::Text),
            ("account", Ty::OptBig),
            ("name", Ty::Text),
            ("body", Ty::Text),
            ("at", Ty::Big),
            ("deleted_by", Ty::OptText),
            ("deleted_at", Ty::OptBig),
        ],
    ),
    (
        "reports",
        &[
            ("id", Ty::Big),
            ("reporter", Ty::Big),
            ("subject", Ty::Big),
            ("game", Ty::OptText),
            ("message", Ty::OptBig),
            ("reason", Ty::Text),
            ("detail", Ty::Text),
            ("at", Ty::Big),
            ("closed_by", Ty::OptText),
            ("closed_at", Ty::OptBig),
            ("outcome", Ty::OptText),
        ],
    ),
    (
        "password_resets",
        &[
            ("token_hash", Ty::Text),
            ("account", Ty::Big),
            ("made", Ty::Big),
            ("expires", Ty::Big),
            ("used", Ty::OptBig),
        ],
    ),
    (
        "follows",
        &[
            ("follower", Ty::Big),
            ("followed", Ty::Big),
            ("at", Ty::Big),
        ],
    ),
    (
        "blocks",
        &[("blocker", Ty::Big), ("blocked", Ty::Big), ("at", Ty::Big)],
    ),
    (
        "tournaments",
        &[
            ("id", Ty::Text),
            ("spec", Ty::Text),
            ("creator", Ty::OptBig),
            ("status", Ty::Text),
            ("starts", Ty::Big),
            ("created", Ty::Big),
            ("finished", Ty::OptBig),
            ("director", Ty::OptText),
            ("director_until", Ty::OptBig),
            ("hidden", Ty::Bool),
            ("client", Ty::OptText),
        ],
    ),
    (
        "tournament_players",
        &[
            ("tournament", Ty::Text),
            ("number", Ty::Int),
            ("account", Ty::Big),
            ("name", Ty::Text),
            ("rating", Ty::Float),
            ("joined", Ty::Big),
            ("active", Ty::Bool),
            ("seen", Ty::Big),
            ("playing", Ty::OptText),
        ],
    ),
    (
        "tournament_games",
        &[
            ("tournament", Ty::Text),
            ("round", Ty::Int),
            ("board", Ty::Int),
            ("game", Ty::OptText),
            ("first", Ty::Int),
            ("second", Ty::OptInt),
            ("outcome", Ty::OptText),
            ("berserk_first", Ty::Bool),
            ("berserk_second", Ty::Bool),
            ("started", Ty::Big),
            ("ended", Ty::OptBig),
        ],
    ),
    (
        "challenges",
        &[
            ("id", Ty::Text),
            ("challenger", Ty::Big),
            ("challenged", Ty::Big),
            ("spec", Ty::Text),
            ("status", Ty::Text),
            ("created", Ty::Big),
            ("expires", Ty::Big),
            ("game", Ty::OptText),
        ],
    ),
    (
        "turns",
        &[
            ("game", Ty::Text),
            ("account", Ty::OptBig),
            ("deadline", Ty::Big),
        ],
    ),
    ("deadlines", &[("game", Ty::Text), ("due", Ty::OptBig)]),
    (
        "puzzle_shown",
        &[("puzzle", Ty::Text), ("seen_by", Ty::Text), ("at", Ty::Big)],
    ),
    (
        "puzzle_clients",
        &[("account", Ty::Big), ("client", Ty::Text), ("at", Ty::Big)],
    ),
    (
        "audit_log",
        &[
            ("id", Ty::Big),
            ("at", Ty::Big),
            ("actor", Ty::Text),
            ("action", Ty::Text),
            ("subject", Ty::Text),
            ("detail", Ty::Text),
        ],
    ),
    (
        "game_facts",
        &[
            ("game", Ty::Text),
            ("variant", Ty::Text),
            ("first_seat", Ty::Int),
            ("final", Ty::Text),
        ],
    ),
    (
        "explorer_games",
        &[
            ("game", Ty::Text),
            ("variant", Ty::Text),
            ("white", Ty::Text),
            ("black", Ty::Text),
            ("white_account", Ty::OptBig),
            ("black_account", Ty::OptBig),
            ("white_rating", Ty::OptInt),
            ("black_rating", Ty::OptInt),
            ("result", Ty::Int),
            ("speed", Ty::Int),
            ("rated", Ty::Bool),
            ("finished", Ty::Big),
        ],
    ),
    (
        "explorer_moves",
        &[
            ("position", Ty::Big),
            ("speed", Ty::Int),
            ("band", Ty::Int),
            ("rated", Ty::Bool),
            ("uci", Ty::Text),
            ("games", Ty::Int),
            ("white", Ty::Int),
            ("draws", Ty::Int),
            ("black", Ty::Int),
            ("rating_games", Ty::Int),
            ("rating_sum", Ty::Big),
            ("last_game", Ty::Text),
            ("last_at", Ty::Big),
        ],
    ),
    (
        "explorer_player_games",
        &[
            ("account", Ty::Big),
            ("color", Ty::Int),
            ("finished", Ty::Big),
            ("game", Ty::Text),
            ("speed", Ty::Int),
            ("rated", Ty::Bool),
            ("result", Ty::Int),
            ("opponent_rating", Ty::OptInt),
            ("plies", Ty::Text),
        ],
    ),
    (
        "classes",
        &[
            ("id", Ty::Text),
            ("name", Ty::Text),
            ("description", Ty::Text),
            ("code", Ty::Text),
            ("creator", Ty::Big),
            ("created", Ty::Big),
            ("student_chat", Ty::Bool),
            ("rated_games", Ty::Bool),
            ("archived", Ty::OptBig),
        ],
    ),
    (
        "class_members",
        &[
            ("class", Ty::Text),
            ("account", Ty::Big),
            ("role", Ty::Text),
            ("status", Ty::Text),
            ("joined", Ty::Big),
            ("changed", Ty::Big),
        ],
    ),
    (
        "class_accounts",
        &[
            ("account", Ty::Big),
            ("class", Ty::Text),
            ("made_by", Ty::Big),
            ("made", Ty::Big),
        ],
    ),
    (
        "assignments",
        &[
            ("id", Ty::Text),
            ("class", Ty::Text),
            ("author", Ty::Big),
            ("title", Ty::Text),
            ("tasks", Ty::Text),
            ("students", Ty::OptText),
            ("due", Ty::OptBig),
            ("created", Ty::Big),
        ],
    ),
    (
        "card_solves",
        &[
            ("game", Ty::Text),
            ("card", Ty::Int),
            ("account", Ty::Big),
            ("deck", Ty::Text),
            ("moves", Ty::Int),
            ("optimum", Ty::OptInt),
            ("ms", Ty::Big),
            ("at", Ty::Big),
        ],
    ),
];

/// The tables SQLite keeps without row ids (their rows are the primary key's b-tree), with
/// their primary keys: they are read a chunk at a time in the key's order.
pub(super) const WITHOUT_ROWID: &[(&str, &[&str])] = &[
    (
        "explorer_moves",
        &["position", "speed", "band", "rated", "uci"],
    ),
    (
        "explorer_player_games",
        &["account", "color", "finished", "game"],
    ),
];
