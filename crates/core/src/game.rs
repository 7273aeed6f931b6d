//! The shape every Tabula game shares: a pure state machine driven by timed actions.
//!
//! A game is created from a configuration and a seed at a time, then changed only by
//! [`Game::apply`], which takes an action and the time it happened. Time is an input (the
//! library never reads a clock) and randomness comes from the seed, so a game is fully
//! reconstructed by replaying its accepted actions: this is how a server stores games (an
//! append-only log) and resumes them after a restart.
//!
//! Timers (a five-second count, an hourglass) are deadlines the game exposes through
//! [`Game::next_deadline`]; a driver applies the game's tick action at that time, and every
//! action first lets expired deadlines fire, each at its own deadline time. A rejected action
//! leaves the state exactly as it was.

/// Milliseconds on the driver's clock (any fixed origin; only differences matter).
pub type Millis = u64;

/// A turn-based or real-time game as a deterministic state machine.
///
/// # Examples
///
/// A toy game: players add to a running total and whoever reaches ten wins. Its log replays
/// to the same state, and a refused action changes nothing.
///
/// ```
/// use tabula_core::{Game, Millis};
///
/// #[derive(Clone, Debug, PartialEq)]
/// struct ToTen { total: u32, winner: Option<u8> }
///
/// #[derive(Debug, thiserror::Error)]
/// #[error("add 1, 2 or 3")]
/// struct Refused;
///
/// impl Game for ToTen {
///     type Config = ();
///     type Action = (u8, u32); // (player, amount)
///     type Event = String;
///     type Error = Refused;
///     fn start(_: (), _seed: u64, _now: Millis) -> Result<(Self, Vec<String>), Refused> {
///         Ok((ToTen { total: 0, winner: None }, vec!["started".into()]))
///     }
///     fn apply(&mut self, &(player, n): &(u8, u32), _now: Millis) -> Result<Vec<String>, Refused> {
///         if !(1..=3).contains(&n) || self.winner.is_some() {
///             return Err(Refused);
///         }
///         self.total += n;
///         if self.total >= 10 {
///             self.winner = Some(player);
///         }
///         Ok(vec![format!("player {player} adds {n}")])
///     }
///     fn next_deadline(&self) -> Option<Millis> { None }
///     fn is_over(&self) -> bool { self.winner.is_some() }
/// }
///
/// let log = [(0, (0, 3)), (5, (1, 3)), (9, (0, 3)), (12, (1, 1))];
/// let game = ToTen::replay((), 7, 0, &log)?;
/// assert_eq!(game, ToTen { total: 10, winner: Some(1) });
///
/// let mut copy = game.clone();
/// assert!(copy.apply(&(0, 2), 20).is_err());
/// assert_eq!(copy, game);
/// // a log with an action the game refuses names it
/// let bad = ToTen::replay((), 7, 0, &[(0, (0, 4))]).unwrap_err();
/// assert_eq!(bad.to_string(), "action 1 of the log: add 1, 2 or 3");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub trait Game: Clone + Sized {
    /// Everything fixed before the game starts (players, options, the deck).
    type Config: Clone;
    /// Something a player (or time) does.
    type Action: Clone;
    /// What happened, for drivers to show or broadcast.
    type Event;
    /// Why an action or configuration was rejected.
    type Error: std::error::Error;

    /// A new game from `config` and `seed`, started at `now`, with its opening events.
    fn start(
        config: Self::Config,
        seed: u64,
        now: Millis,
    ) -> Result<(Self, Vec<Self::Event>), Self::Error>;

    /// Applies `action` at time `now`. On error the game is unchanged.
    fn apply(
        &mut self,
        action: &Self::Action,
        now: Millis,
    ) -> Result<Vec<Self::Event>, Self::Error>;

    /// The earliest time at which the game changes by itself, if any.
    fn next_deadline(&self) -> Option<Millis>;

    /// Whether the game has ended.
    fn is_over(&self) -> bool;

    /// Rebuilds a game from its configuration, seed, start time and accepted actions.
    /// Fails with the index of the first action that is not accepted.
    fn replay(
        config: Self::Config,
        seed: u64,
        start: Millis,
        log: &[(Millis, Self::Action)],
    ) -> Result<Self, ReplayError<Self::Error>> {
        let (mut game, _) =
            Self::start(config, seed, start).map_err(|error| ReplayError { index: None, error })?;
        for (i, (now, action)) in log.iter().enumerate() {
            game.apply(action, *now).map_err(|error| ReplayError {
                index: Some(i),
                error,
            })?;
        }
        Ok(game)
    }
}

/// A log that does not replay.
#[derive(Debug, thiserror::Error)]
#[error("{}: {error}", match .index { Some(i) => format!("action {} of the log", i + 1), None => "the configuration".to_string() })]
pub struct ReplayError<E: std::error::Error> {
    /// Which action failed (0-based), or `None` if the game could not start.
    pub index: Option<usize>,
    /// Why.
    pub error: E,
}

/// Applies `f` to a copy of `state` and keeps the copy only if `f` succeeds: the helper
/// behind the "a rejected action changes nothing" guarantee.
pub fn transactional<S: Clone, T, E>(
    state: &mut S,
    f: impl FnOnce(&mut S) -> Result<T, E>,
) -> Result<T, E> {
    let mut next = state.clone();
    let out = f(&mut next)?;
    *state = next;
    Ok(out)
}
