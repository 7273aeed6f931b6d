//! Why, exactly, a request was refused: one enum of causes per kind of error, each cause with
//! a stable code.
//!
//! The kind ([`super::ApiError`]'s variant) says the status and what a client can do about it
//! in general (fix the input, sign in, wait); the cause says which rule it met, so a client can
//! react to it by name and word it in the reader's language (`cause` in every error body and
//! frame, a union of these codes in `web/types/protocol.d.ts`). The English message beside it
//! names what and where. A code, once given, keeps its meaning: a client may branch on it.
//! The codes are unique across the enums (a test says so), so `cause` alone identifies one.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// Declares a cause enum: its variants, each with its code (the enum's serde name, so the
/// TypeScript union and [`code`](Invalid::code) are the same words), `ALL` and `from_code`.
macro_rules! causes {
    ($(#[$meta:meta])* $name:ident {
        $($(#[$vmeta:meta])* $variant:ident = $code:literal,)+
    }) => {
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, TS)]
        $(#[$meta])*
        pub enum $name {
            $($(#[$vmeta])* #[serde(rename = $code)] $variant,)+
        }

        impl $name {
            /// Every cause of this kind.
            pub const ALL: &'static [$name] = &[$($name::$variant),+];

            /// The stable code clients read in `cause`.
            pub fn code(self) -> &'static str {
                match self {
                    $($name::$variant => $code),+
                }
            }

            /// The cause of a code, if it is one of this kind's (a newer node's code is not).
            pub fn from_code(code: &str) -> Option<$name> {
                Self::ALL.iter().copied().find(|c| c.code() == code)
            }
        }
    };
}

causes! {
    /// Why input is malformed (400).
    #[ts(rename = "BadInputCause")]
    Invalid {
        /// Input of no more particular cause (also a newer node's unknown cause).
        Input = "bad_input",
        /// A request body that is not the JSON expected, or could not be read.
        Body = "bad_body",
        /// A query string that does not parse.
        Query = "bad_query",
        /// A query parameter this endpoint does not take.
        Parameter = "unknown_parameter",
        /// A WebSocket frame that is not JSON or not of a known type and shape.
        Frame = "bad_frame",
        /// A game action that is not one of the game's, or not of its shape.
        Action = "bad_action",
        /// A game kind that does not exist, or is not offered here.
        Kind = "bad_kind",
        /// A variant that does not exist, or is not offered here.
        Variant = "bad_variant",
        /// A game's options: its clock, level, seats, berserk...
        Options = "bad_options",
        /// A position, board, card or layout that does not parse or cannot be played from.
        Position = "bad_position",
        /// Moves, steps or turns that do not parse.
        Moves = "bad_moves",
        /// A username that breaks the naming rules.
        Username = "bad_username",
        /// A password too short or too long.
        Password = "bad_password",
        /// A text (a name, a message, a reason) empty, too long or holding words not allowed.
        Text = "bad_text",
        /// A rating (Glicko-2 triple, range or pool) out of its bounds.
        Rating = "bad_rating",
        /// A puzzle theme that is not one.
        Theme = "bad_theme",
        /// A day that is not `YYYY-MM-DD`.
        Day = "bad_day",
        /// A tournament's description that breaks its rules.
        Tournament = "bad_tournament",
        /// A moderator's sanction, address or site setting that is malformed.
        Moderation = "bad_moderation",
        /// A game that cannot be rated as asked (against a bot, played alone).
        Unrateable = "unrateable",
        /// A game of a kind that has no review or no file to download.
        Unsupported = "unsupported_game",
    }
}

causes! {
    /// Why the caller is not known (401).
    #[ts(rename = "UnauthorizedCause")]
    SignIn {
        /// Not signed in where an account is needed.
        Needed = "sign_in",
        /// A name and password that do not match.
        Credentials = "wrong_credentials",
        /// The account's current password, given again to confirm, is wrong.
        Password = "wrong_password",
    }
}

causes! {
    /// Why the caller may not do this (403).
    #[ts(rename = "ForbiddenCause")]
    Denied {
        /// Not allowed, of no more particular cause (also a newer node's unknown cause).
        Forbidden = "forbidden",
        /// A spectator acting in a game.
        Spectator = "spectator",
        /// A token of no seat of this game, or a seat that plays no side.
        NoSeat = "no_seat",
        /// Only the table's host changes the table.
        NotHost = "not_host",
        /// Only one party to a challenge or the owner of a seek does this.
        NotYours = "not_yours",
        /// One of the two players blocks the other.
        Blocked = "blocked",
        /// Rated play needs an account (guests play casual games).
        GuestRated = "guest_rated",
        /// Bots play casual games only.
        BotRated = "bot_rated",
        /// Two accounts of one address do not play rated games together.
        SameAddress = "same_address",
        /// A request from a page of another site.
        Origin = "foreign_origin",
        /// The moderators' API, for moderators only.
        Moderators = "moderators_only",
        /// An action only the server itself takes (a tick, a table's next game).
        ServerOnly = "server_only",
        /// Berserk outside an arena tournament.
        Berserk = "berserk",
        /// An account a teacher made for a child is reached only from within its classes.
        ClassAccount = "class_account",
        /// Only a class's teachers do this.
        TeachersOnly = "teachers_only",
        /// Only a class's members see it.
        ClassMembers = "class_members_only",
        /// A class account plays rated games only if a teacher allows them.
        ClassUnrated = "class_unrated",
        /// The students of this class do not write to each other (their teacher's choice).
        StudentChat = "student_chat_off",
    }
}

causes! {
    /// Which sanction forbids it (403, code `banned`).
    #[ts(rename = "BannedCause")]
    Sanctioned {
        /// The account is muted.
        Muted = "muted",
        /// The account is banned.
        Account = "account_banned",
        /// The address is banned from playing.
        Address = "address_banned",
    }
}

causes! {
    /// What does not exist (404).
    #[ts(rename = "NotFoundCause")]
    Missing {
        /// Nothing of no more particular kind (also a newer node's unknown cause).
        Thing = "not_found",
        /// No such API endpoint.
        Endpoint = "no_endpoint",
        /// No such game.
        Game = "no_game",
        /// No such player or account.
        Player = "no_player",
        /// No such tournament, or not of the kind asked.
        Tournament = "no_tournament",
        /// No such challenge.
        Challenge = "no_challenge",
        /// No such seek (taken, withdrawn, or never).
        Seek = "no_seek",
        /// No such puzzle, or none left to try.
        Puzzle = "no_puzzle",
        /// No such daily puzzle.
        Daily = "no_daily",
        /// The game has no review yet.
        Review = "no_review",
        /// No such chat message.
        Message = "no_message",
        /// No such open report.
        Report = "no_report",
        /// No such sanction in force.
        Sanction = "no_sanction",
        /// A link that is used, old or mistyped.
        Link = "dead_link",
        /// A class (or a class code) that does not exist.
        Class = "no_class",
        /// An assignment that does not exist (or not in this class).
        Assignment = "no_assignment",
    }
}

causes! {
    /// What the request clashes with (409).
    #[ts(rename = "ConflictCause")]
    Clash {
        /// A clash of no more particular cause (also a newer node's unknown cause).
        State = "conflict",
        /// The game has started.
        Started = "game_started",
        /// The game has not started.
        NotStarted = "game_not_started",
        /// The game is over.
        Over = "game_over",
        /// The game is not over.
        NotOver = "game_not_over",
        /// The game was closed.
        Closed = "game_closed",
        /// Every seat is taken.
        Full = "seats_full",
        /// The caller holds a seat already.
        Seated = "already_seated",
        /// The name belongs to another account.
        NameTaken = "name_taken",
        /// As many open as one may have (challenges, seeks, tournaments).
        TooMany = "too_many",
        /// The lobby must be open first.
        LobbyClosed = "lobby_closed",
        /// The caller's own seek.
        OwnSeek = "own_seek",
        /// A rated game needs two different players, of the seek's ratings.
        Pairing = "pairing",
        /// The challenge was answered, cancelled or expired already.
        Settled = "settled",
        /// The rematch cannot be asked for now.
        Rematch = "rematch",
        /// The tournament is over, too far along, or the caller is not in it.
        Tournament = "tournament_state",
        /// Done already (a message deleted, a report filed, a tournament cancelled).
        Done = "done_already",
        /// The caller blocks the other player.
        Blocking = "blocking",
        /// A timed puzzle that has not been started.
        NotBegun = "not_begun",
        /// The site does not know its public address.
        NoAddress = "no_public_address",
        /// The account is in the class already.
        Member = "class_member",
    }
}

causes! {
    /// What a body took too long for (408).
    #[ts(rename = "TimeoutCause")]
    Late {
        /// The request body did not arrive in time.
        Body = "slow_body",
    }
}

causes! {
    /// What was over its size limit (413).
    #[ts(rename = "TooLargeCause")]
    Oversize {
        /// A request body.
        Body = "body_too_large",
        /// A WebSocket frame.
        Frame = "frame_too_large",
    }
}

causes! {
    /// Which rule refuses it (422).
    #[ts(rename = "RefusedCause")]
    Rule {
        /// A rule of no more particular cause (also a newer node's unknown cause).
        Refused = "refused",
        /// The game's rules refuse the move, turn or step (the message is the game's).
        Game = "illegal",
        /// The caller named themselves where another player is meant.
        Yourself = "yourself",
        /// What was named is not the other player's (a game they did not play).
        NotTheirs = "not_theirs",
        /// Takebacks are for casual games.
        Takeback = "takeback",
        /// A moderator closed the game: it has no rematch.
        ClosedGame = "closed_game",
        /// No exercise of that kind from that seed.
        Exercise = "no_exercise",
        /// Only an account a teacher made has its password set by a teacher.
        NotMade = "not_class_account",
        /// The last teacher of a class cannot leave it.
        LastTeacher = "last_teacher",
    }
}

causes! {
    /// What was asked for too often (429).
    #[ts(rename = "RateLimitedCause")]
    Throttled {
        /// Requests of one kind from one address.
        Address = "address_rate",
        /// As many open seeks as an address may have.
        Seeks = "address_seeks",
        /// Too many sockets from one address.
        Sockets = "address_sockets",
        /// As many rated games together today as two players may begin.
        RatedPair = "rated_pair",
        /// As many reviews waiting as one player may have.
        Reviews = "reviews_waiting",
        /// As many game exports running as one address may have.
        Exports = "exports_running",
    }
}

causes! {
    /// What has no room now (503).
    #[ts(rename = "UnavailableCause")]
    Busy {
        /// The server is shutting down, or a room closed.
        Closing = "closing",
        /// The server has as many connections as it takes.
        Connections = "connections",
        /// Every game in memory has players.
        Rooms = "rooms",
        /// The game moved to another node.
        Moved = "moved",
        /// Too many spectators or windows of a seat in one room.
        Room = "room_full",
        /// Too many replays or reviews being made.
        Queue = "queue_full",
    }
}

causes! {
    /// What failed in the server (500; logged, not told).
    #[ts(rename = "InternalCause")]
    Fault {
        /// A fault of no more particular cause (also a newer node's unknown cause).
        Server = "internal",
        /// The database failed.
        Store = "store",
        /// A stored record that does not read back (a spec, a configuration, a move).
        Stored = "stored",
        /// Making JSON or a file failed.
        Encoding = "encoding",
        /// Hashing a password failed.
        Hashing = "hashing",
        /// A search or a background task failed or was dropped.
        Task = "task",
        /// A room or a node answered out of turn.
        Protocol = "protocol",
        /// Data the server ships is missing (a daily puzzle, a catalogue entry).
        Shipped = "shipped",
    }
}

/// Every code of every cause, with the enum it belongs to.
pub fn every_code() -> Vec<(&'static str, &'static str)> {
    fn of<C: Copy>(
        name: &'static str,
        all: &[C],
        code: fn(C) -> &'static str,
    ) -> Vec<(&'static str, &'static str)> {
        all.iter().map(|c| (code(*c), name)).collect()
    }
    [
        of("Invalid", Invalid::ALL, Invalid::code),
        of("SignIn", SignIn::ALL, SignIn::code),
        of("Denied", Denied::ALL, Denied::code),
        of("Sanctioned", Sanctioned::ALL, Sanctioned::code),
        of("Missing", Missing::ALL, Missing::code),
        of("Clash", Clash::ALL, Clash::code),
        of("Late", Late::ALL, Late::code),
        of("Oversize", Oversize::ALL, Oversize::code),
        of("Rule", Rule::ALL, Rule::code),
        of("Throttled", Throttled::ALL, Throttled::code),
        of("Busy", Busy::ALL, Busy::code),
        of("Fault", Fault::ALL, Fault::code),
    ]
    .concat()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_code_names_one_cause() {
        let mut seen = std::collections::BTreeMap::new();
        for (code, of) in every_code() {
            if let Some(first) = seen.insert(code, of) {
                panic!("the code `{code}` is a cause of {first} and of {of}");
            }
            assert!(
                code.chars().all(|c| c.is_ascii_lowercase() || c == '_'),
                "`{code}` is not snake_case"
            );
        }
        assert_eq!(Clash::from_code("seats_full"), Some(Clash::Full));
        assert_eq!(Clash::from_code("no_game"), None);
    }

    #[test]
    fn a_cause_serialises_as_its_code() {
        assert_eq!(
            serde_json::to_string(&Missing::Game).unwrap(),
            format!("\"{}\"", Missing::Game.code())
        );
    }
}
