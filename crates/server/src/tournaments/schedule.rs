//! Recurring tournaments from the server's settings (`--schedule`, repeated; `schedule = [...]`
//! in the settings file): each line says when and what, in a few words:
//!
//! ```text
//! hourly@:00 arena quickchess 3+2 57m rated
//! daily@18:00 arena querni 5+0 60m rated
//! weekly@sun-17:00 swiss quickchess 10+5 7r rated
//! weekly@sat-16:00 arena quickchess mean-queens 3+0 30m
//! weekly@sun-18:00 parties checkmates chess one-star 4r rated
//! ```
//!
//! The time is UTC; `3+2` is three minutes and two seconds a move (lichess's way); `57m` an
//! arena's minutes, `7r` a Swiss event's rounds; a QuickChess variant may come before the
//! clock; The Royal Study takes no clock; Check Mates parties take a side (`sliding`, `chess`)
//! and a deck (`full`, `one-star`, `two-star`). Each occurrence is announced [`ANNOUNCE_MS`] ahead
//! and made once however many nodes see it: its id comes from the line and its start.

use super::spec::{Format, Game, TournamentSpec};
use crate::model::ClockOption;
use sha2::{Digest, Sha256};
use tabula_puzzles::checkmates::Side;
use tabula_puzzles::checkmates::party::DeckChoice;

/// How long before its start a scheduled tournament is listed (and may be joined).
pub const ANNOUNCE_MS: u64 = 60 * 60 * 1000;
const MINUTE: u64 = 60_000;
const HOUR: u64 = 60 * MINUTE;
const DAY: u64 = 24 * HOUR;

/// When a line's tournaments start.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Every {
    /// Each hour at this minute.
    Hour {
        /// 0-59.
        minute: u64,
    },
    /// Each day at this time (UTC).
    Day {
        /// Minutes after midnight.
        at: u64,
    },
    /// Each week on this day (0 Monday … 6 Sunday) at this time (UTC).
    Week {
        /// 0 Monday … 6 Sunday.
        weekday: u64,
        /// Minutes after midnight.
        at: u64,
    },
}

impl Every {
    /// The first start at or after `now` (ms since the Unix epoch).
    pub fn next_at_or_after(self, now: u64) -> u64 {
        let (period, offset) = match self {
            Every::Hour { minute } => (HOUR, minute * MINUTE),
            Every::Day { at } => (DAY, at * MINUTE),
            // 1970-01-01 was a Thursday: Monday 00:00 is four days before the epoch's week
            Every::Week { weekday, at } => (7 * DAY, ((weekday + 4) % 7) * DAY + at * MINUTE),
        };
        let base = now - (now % period) + offset;
        if base >= now { base } else { base + period }
    }
}

/// One line of the schedule.
#[derive(Clone, Debug, PartialEq)]
pub struct Recurring {
    /// The line as written (part of each occurrence's id).
    pub line: String,
    /// When.
    pub every: Every,
    /// What (its `starts_in_s` is set for each occurrence).
    pub spec: TournamentSpec,
}

fn hh_mm(s: &str) -> Option<u64> {
    let (h, m) = s.split_once(':')?;
    let (h, m): (u64, u64) = (h.parse().ok()?, m.parse().ok()?);
    (h < 24 && m < 60).then_some(h * 60 + m)
}

fn every(word: &str) -> Result<Every, String> {
    let bad = || {
        format!(
            "`{word}`: the first word is hourly@:MM, daily@HH:MM or weekly@DAY-HH:MM (UTC; DAY mon … sun)"
        )
    };
    let (unit, at) = word.split_once('@').ok_or_else(bad)?;
    match unit {
        "hourly" => {
            let m: u64 = at
                .strip_prefix(':')
                .and_then(|m| m.parse().ok())
                .ok_or_else(bad)?;
            (m < 60)
                .then_some(Every::Hour { minute: m })
                .ok_or_else(bad)
        }
        "daily" => hh_mm(at).map(|at| Every::Day { at }).ok_or_else(bad),
        "weekly" => {
            let (day, time) = at.split_once('-').ok_or_else(bad)?;
            let weekday = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]
                .iter()
                .position(|d| *d == day)
                .ok_or_else(bad)? as u64;
            let at = hh_mm(time).ok_or_else(bad)?;
            Ok(Every::Week { weekday, at })
        }
        _ => Err(bad()),
    }
}

fn side_named(w: &str) -> Option<Side> {
    match w {
        "sliding" => Some(Side::Sliding),
        "chess" => Some(Side::Chess),
        _ => None,
    }
}

fn deck_named(w: &str) -> Option<DeckChoice> {
    match w {
        "full" => Some(DeckChoice::Full),
        "one-star" => Some(DeckChoice::OneStar),
        "two-star" => Some(DeckChoice::TwoStar),
        _ => None,
    }
}

/// Reads one line of the schedule; the error names the word that is wrong.
pub fn parse(line: &str) -> Result<Recurring, String> {
    let words: Vec<&str> = line.split_whitespace().collect();
    let mut rest = words.iter().copied();
    let when = every(rest.next().ok_or("an empty schedule line")?)?;
    let kind = match rest.next() {
        Some("arena") => Format::Arena,
        Some("swiss") => Format::Swiss,
        Some("parties") => Format::Parties,
        other => {
            return Err(format!(
                "`{}`: the second word is arena, swiss or parties",
                other.unwrap_or("")
            ));
        }
    };
    let game = match rest.next() {
        Some("quickchess") => Game::Quickchess,
        Some("querni") => Game::Querni,
        Some("royal") => Game::Royal,
        Some("checkmates") => Game::Checkmates,
        other => {
            return Err(format!(
                "`{}`: the third word is quickchess, querni, royal or checkmates",
                other.unwrap_or("")
            ));
        }
    };
    let mut spec = TournamentSpec {
        kind,
        game,
        variant: None,
        clock: None,
        minutes: None,
        rounds: None,
        side: None,
        deck: None,
        rated: false,
        starts_in_s: 0,
        name: None,
    };
    for w in rest {
        if w == "rated" {
            spec.rated = true;
        } else if let Some((m, s)) = w.split_once('+') {
            let (m, s): (f64, u64) = match (m.parse(), s.parse()) {
                (Ok(m), Ok(s)) => (m, s),
                _ => return Err(format!("`{w}`: a clock is minutes+seconds, as 3+2")),
            };
            spec.clock = Some(ClockOption {
                initial_s: (m * 60.0).round() as u64,
                increment_s: s,
                days: None,
            });
        } else if let Some(m) = w.strip_suffix('m').and_then(|m| m.parse::<f64>().ok()) {
            spec.minutes = Some(m);
        } else if let Some(r) = w.strip_suffix('r').and_then(|r| r.parse::<u32>().ok()) {
            spec.rounds = Some(r);
        } else if let (Game::Checkmates, Some(side)) = (spec.game, side_named(w)) {
            spec.side = Some(side);
        } else if let (Game::Checkmates, Some(deck)) = (spec.game, deck_named(w)) {
            spec.deck = Some(deck);
        } else if spec.game == Game::Quickchess && spec.variant.is_none() {
            spec.variant = Some(w.to_string());
        } else {
            return Err(format!(
                "`{w}`: expected a clock (3+2), a length (57m, 7r) or rated"
            ));
        }
    }
    Ok(Recurring {
        line: words.join(" "),
        every: when,
        spec,
    })
}

impl Recurring {
    /// The next occurrence to announce at `now`, if one starts within [`ANNOUNCE_MS`]: its id
    /// (the same on every node) and start.
    pub fn due(&self, now: u64) -> Option<(String, u64)> {
        let starts = self.every.next_at_or_after(now);
        if starts > now + ANNOUNCE_MS {
            return None;
        }
        let digest = Sha256::digest(format!("{}@{starts}", self.line).as_bytes());
        let id: String = digest[..5].iter().map(|b| format!("{b:02x}")).collect();
        Some((id, starts))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_read_into_tournaments() {
        let r = parse("hourly@:00 arena quickchess 3+2 57m rated").unwrap();
        assert_eq!(r.every, Every::Hour { minute: 0 });
        assert_eq!(
            (r.spec.kind, r.spec.game),
            (Format::Arena, Game::Quickchess)
        );
        assert_eq!(
            r.spec.clock,
            Some(ClockOption {
                initial_s: 180,
                increment_s: 2,
                days: None,
            })
        );
        assert_eq!((r.spec.minutes, r.spec.rated), (Some(57.0), true));
        let w = parse("weekly@sun-17:00  swiss quickchess mean-queens 10+5 7r").unwrap();
        assert_eq!(
            w.every,
            Every::Week {
                weekday: 6,
                at: 17 * 60
            }
        );
        assert_eq!(w.spec.variant.as_deref(), Some("mean-queens"));
        assert_eq!((w.spec.rounds, w.spec.rated), (Some(7), false));
        assert_eq!(
            w.line,
            "weekly@sun-17:00 swiss quickchess mean-queens 10+5 7r"
        );
        let p = parse("weekly@sun-18:00 parties checkmates chess one-star 4r rated").unwrap();
        assert_eq!(
            (p.spec.kind, p.spec.game),
            (Format::Parties, Game::Checkmates)
        );
        assert_eq!(
            (p.spec.side, p.spec.deck, p.spec.rounds),
            (Some(Side::Chess), Some(DeckChoice::OneStar), Some(4))
        );
        for (bad, word) in [
            (
                "weekly@sun-18:00 parties checkmates diagonal 4r",
                "diagonal",
            ),
            ("every@:00 arena querni 1+0 5m", "every@:00"),
            ("hourly@:60 arena querni 1+0 5m", "hourly@:60"),
            ("daily@18:00 league querni", "league"),
            ("daily@18:00 arena go", "go"),
            ("daily@18:00 arena querni x+1 5m", "x+1"),
            ("daily@18:00 arena querni 1+0 5m extra", "extra"),
        ] {
            let e = parse(bad).unwrap_err();
            assert!(e.contains(word), "{bad}: {e}");
        }
    }

    #[test]
    fn the_next_start_is_on_the_hour_day_and_weekday_asked() {
        // 2026-11-27 (a Friday) 10:30 UTC
        let now = 1_795_775_400_000;
        let hour = Every::Hour { minute: 0 }.next_at_or_after(now);
        assert_eq!(hour, 1_795_777_200_000, "11:00");
        assert_eq!(
            Every::Hour { minute: 30 }.next_at_or_after(now),
            now,
            "now itself"
        );
        assert_eq!(
            Every::Day { at: 18 * 60 }.next_at_or_after(now),
            1_795_802_400_000,
            "18:00"
        );
        assert_eq!(
            Every::Day { at: 9 * 60 }.next_at_or_after(now),
            1_795_856_400_000,
            "tomorrow 09:00"
        );
        // Sunday 2026-11-29 17:00
        let sunday = Every::Week {
            weekday: 6,
            at: 17 * 60,
        }
        .next_at_or_after(now);
        assert_eq!(sunday, 1_795_971_600_000);
        // Friday 09:00 is past: next week's
        let friday = Every::Week {
            weekday: 4,
            at: 9 * 60,
        }
        .next_at_or_after(now);
        assert_eq!(friday, 1_796_374_800_000);
    }

    #[test]
    fn an_occurrence_is_announced_an_hour_ahead_with_the_same_id_everywhere() {
        let r = parse("daily@18:00 arena querni 5+0 60m").unwrap();
        let six = 1_795_802_400_000;
        assert_eq!(r.due(six - ANNOUNCE_MS - 1), None);
        let (id, starts) = r.due(six - ANNOUNCE_MS).unwrap();
        assert_eq!(starts, six);
        assert_eq!(r.due(six - 5).unwrap().0, id);
        assert_eq!(id.len(), 10);
        let other = parse("daily@18:00 arena querni 3+0 60m").unwrap();
        assert_ne!(other.due(six - 5).unwrap().0, id);
    }
}
