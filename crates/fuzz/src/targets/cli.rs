//! The command line's streams: `tabula engine uci` commands and `tabula exact solve --batch` lines.

use super::text;
use crate::Target;
use tabula::engine::uci::Session;
use tabula::puzzles::batch::Solvers;

/// UCI commands, a few lines per input, fed to one engine session as `tabula engine uci` reads them.
/// The engine must survive every line and still answer `isready` with `readyok` afterwards.
///
/// Two commands are tamed first because they are slow on purpose, not broken: `go perft N`
/// deeper than 3 and a `Hash` size (up to 4 GB) are dropped, so each input stays milliseconds.
pub struct UciCommands;

impl UciCommands {
    fn tame(line: &str) -> bool {
        let lower = line.to_ascii_lowercase();
        if lower.contains("hash") {
            return false;
        }
        let words: Vec<&str> = lower.split_whitespace().collect();
        !words
            .windows(2)
            .any(|w| w[0] == "perft" && w[1].parse::<u32>().is_ok_and(|d| d > 3))
    }
}

impl Target for UciCommands {
    fn name(&self) -> &'static str {
        "uci"
    }

    fn seeds(&self) -> Vec<Vec<u8>> {
        [
            "uci\nisready\nucinewgame\nposition startpos moves a2a3 e5e4\ngo depth 2",
            "setoption name UCI_Variant value chess\nposition startpos moves e2e4\ngo nodes 200",
            "position fen 5/p3p/P4/5/5/5 w - - 0 1\ngo movetime 1\nstop\nd",
            "setoption name Skill Level value 3\ngo wtime 100 btime 100 winc 5 binc 5 movestogo 3",
            "go perft 2\nposition startpos moves b2b3 zz\ngo infinite\nstop",
        ]
        .iter()
        .map(|s| s.as_bytes().to_vec())
        .collect()
    }

    fn dictionary(&self) -> &'static [&'static str] {
        &[
            "position",
            "startpos",
            "fen",
            "moves",
            "go",
            "depth",
            "nodes",
            "movetime",
            "wtime",
            "btime",
            "winc",
            "binc",
            "infinite",
            "perft",
            "stop",
            "setoption",
            "name",
            "value",
            "UCI_Variant",
            "isready",
            "ucinewgame",
            "-5",
            "0",
            "99999999999",
            " ",
            "\n",
        ]
    }

    fn run(&mut self, data: &[u8]) -> Result<(), String> {
        let input = text(data);
        let mut session = Session::in_memory();
        for line in input.lines().take(12) {
            if !Self::tame(line) {
                continue;
            }
            if !session.handle(line) {
                return Ok(()); // quit
            }
        }
        session.stop();
        let before = session.output().matches("readyok").count();
        session.handle("isready");
        let after = session.output().matches("readyok").count();
        if after != before + 1 {
            return Err(format!(
                "after this input the engine no longer answers isready:\n{}",
                session.output()
            ));
        }
        Ok(())
    }
}

/// `tabula exact solve --batch` query lines: each answers with a JSON object or an error for that
/// line alone (the solvers are built once and shared, as a batch does).
#[derive(Default)]
pub struct SolveBatch {
    solvers: Solvers,
}

impl Target for SolveBatch {
    fn name(&self) -> &'static str {
        "solve-batch"
    }

    fn seeds(&self) -> Vec<Vec<u8>> {
        [
            r#"{"game":"checkmates","side":"sliding","board":"bgr/.j./rbg","task":"b../r../..."}"#,
            r#"{"game":"checkmates","side":"chess","board":"RnQ/.K./qNr","task":"R.w/.b./Q.b"}"#,
            r#"{"game":"royal","level":3,"board":"K.N/.Q./R.B","card":"N.K/.Q./B.R"}"#,
            r#"{"game":"royal","level":"2","board":"K.N/.Q./R.B","card":"N.K/.Q./B.R","card2":"K.N/.Q./R.B"}"#,
        ]
        .iter()
        .map(|s| s.as_bytes().to_vec())
        .collect()
    }

    fn dictionary(&self) -> &'static [&'static str] {
        &[
            "\"game\"",
            "\"checkmates\"",
            "\"royal\"",
            "\"side\"",
            "\"board\"",
            "\"task\"",
            "\"level\"",
            "\"card\"",
            "\"card2\"",
            "null",
            "4",
            "{",
            "}",
            ",",
            ":",
            "\"",
        ]
    }

    fn run(&mut self, data: &[u8]) -> Result<(), String> {
        for line in text(data).lines().take(4) {
            if let Ok(answer) = self.solvers.answer(line)
                && !answer.is_object()
            {
                return Err(format!(
                    "`{line}` was answered with {answer}, not an object"
                ));
            }
        }
        Ok(())
    }
}
