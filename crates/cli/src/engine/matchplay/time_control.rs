//! A match's time control: a fixed time per move or a clock, as `--tc`, `--tc1` and `--tc2`
//! write them.
use crate::cli::parse::ArgError;

/// The time control of a match.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum TimeControl {
    /// A fixed time per move (`go movetime`).
    MoveTime(u64),
    /// A clock: base and increment in milliseconds (`go wtime .. winc ..`).
    Clock {
        /// Starting time.
        base: u64,
        /// Added after each move.
        inc: u64,
    },
}

impl std::fmt::Display for TimeControl {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            TimeControl::MoveTime(ms) => write!(f, "{ms} ms a move"),
            TimeControl::Clock { base, inc } => {
                write!(f, "{}+{} s", *base as f64 / 1000.0, *inc as f64 / 1000.0)
            }
        }
    }
}

/// A time control: milliseconds per move (`100`) or seconds `BASE+INC` as cutechess writes
/// it (`10+0.1`).
pub fn parse(text: &str) -> Result<TimeControl, ArgError> {
    let bad = || ArgError::TimeControl(text.to_string());
    if let Some((b, i)) = text.split_once('+') {
        let b: f64 = b.trim().parse().map_err(|_| bad())?;
        let i: f64 = i.trim().parse().map_err(|_| bad())?;
        if !(b > 0.0 && i >= 0.0 && b < 1e6 && i < 1e4) {
            return Err(bad());
        }
        return Ok(TimeControl::Clock {
            base: (b * 1000.0).round() as u64,
            inc: (i * 1000.0).round() as u64,
        });
    }
    match text.trim().parse::<u64>() {
        Ok(ms) if ms > 0 => Ok(TimeControl::MoveTime(ms)),
        _ => Err(bad()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn time_controls_are_per_move_milliseconds_or_base_plus_increment_seconds() {
        assert_eq!(parse("100"), Ok(TimeControl::MoveTime(100)));
        assert_eq!(
            parse("10+0.1"),
            Ok(TimeControl::Clock {
                base: 10_000,
                inc: 100
            })
        );
        // 1.001 s is 1001 ms, not 1000 (1.001 * 1000 is 1000.9999999999999 in floating point)
        assert_eq!(
            parse("1.001+0.07"),
            Ok(TimeControl::Clock {
                base: 1001,
                inc: 70
            })
        );
        assert_eq!(
            parse("60+0"),
            Ok(TimeControl::Clock {
                base: 60_000,
                inc: 0
            })
        );
        for bad in ["0", "fast", "+1", "10+", "0+1", "10+-1", "-5", "1e7+0"] {
            assert!(parse(bad).is_err(), "{bad}");
        }
    }
}
