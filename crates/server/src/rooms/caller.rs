//! Who calls a room, and which seat that makes theirs (issue #54): a seat belongs to whoever
//! presents its token (a guest's seat, a seat handed out by link) and to the signed-in account
//! that holds it, on every device where the account is signed in.

use super::TokenHash;
use serde::{Deserialize, Serialize};

/// Who a call, a view or a socket comes from. The account is the server's own reading of the
/// caller's session cookie, never a client's word: a client can only present a token.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Caller {
    /// The seat token presented, as its hash.
    #[serde(default)]
    pub token: Option<TokenHash>,
    /// The signed-in account of the request or socket.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub account: Option<i64>,
}

impl Caller {
    /// A spectator: no token, no account.
    pub fn spectator() -> Caller {
        Caller::default()
    }

    /// The holder of a token (a guest, or anyone with the seat's link).
    pub fn token(token: Option<TokenHash>) -> Caller {
        Caller {
            token,
            account: None,
        }
    }

    /// The holder of a token, signed in as `account` (either makes the seat theirs).
    pub fn signed_in(token: Option<TokenHash>, account: Option<i64>) -> Caller {
        Caller { token, account }
    }
}

/// A seat as [`held_token`] reads it: its token's hash, its account, whether a bot sits there.
pub(crate) struct SeatKey<'a> {
    /// The seat's token's hash (empty for bots).
    pub token_hash: &'a str,
    /// The account that holds it.
    pub account: Option<i64>,
    /// Whether it is a bot's.
    pub bot: bool,
}

/// The token (hash) of the seat `caller` holds among `seats`: the token it presents when that is
/// a seat's, else the token of the seat its account holds. Otherwise the token as presented
/// (a token of no seat, refused where a seat is needed) or none.
pub(crate) fn held_token<'a>(
    caller: &Caller,
    seats: impl Iterator<Item = SeatKey<'a>> + Clone,
) -> Option<TokenHash> {
    let people = seats.filter(|s| !s.bot);
    if let Some(t) = &caller.token
        && people.clone().any(|s| s.token_hash == t.0)
    {
        return Some(t.clone());
    }
    if let Some(account) = caller.account
        && let Some(s) = people.clone().find(|s| s.account == Some(account))
    {
        return Some(TokenHash(s.token_hash.to_string()));
    }
    caller.token.clone()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn seats() -> Vec<(String, Option<i64>, bool)> {
        vec![
            (TokenHash::of("ann").0, Some(1), false),
            (TokenHash::of("guest").0, None, false),
            (String::new(), None, true),
        ]
    }

    fn held(c: &Caller) -> Option<TokenHash> {
        let s = seats();
        held_token(
            c,
            s.iter().map(|(t, a, b)| SeatKey {
                token_hash: t,
                account: *a,
                bot: *b,
            }),
        )
    }

    #[test]
    fn a_seat_is_held_by_its_token_or_by_its_account() {
        let ann = Some(TokenHash::of("ann"));
        let guest = Some(TokenHash::of("guest"));
        // the token, with or without an account
        assert_eq!(held(&Caller::token(guest.clone())), guest);
        assert_eq!(held(&Caller::signed_in(guest.clone(), Some(1))), guest);
        // the account alone: its seat, on any device
        assert_eq!(held(&Caller::signed_in(None, Some(1))), ann);
        // a stale token of a signed-in player: the account's seat
        let stale = Some(TokenHash::of("old"));
        assert_eq!(held(&Caller::signed_in(stale.clone(), Some(1))), ann);
        // an account of no seat, a token of none: as presented (refused where it matters)
        assert_eq!(held(&Caller::signed_in(None, Some(2))), None);
        assert_eq!(held(&Caller::token(stale.clone())), stale);
        assert_eq!(held(&Caller::spectator()), None);
    }
}
