//! Debian's fairy-stockfish, started with the variant file and its own QuickChess, for the
//! tests that check our answers against it.

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};

/// Where Debian puts it (`scripts/test.sh` installs it).
pub const FSF: &str = "/usr/games/fairy-stockfish";

/// A running Fairy-Stockfish.
pub struct Fsf {
    stdin: std::process::ChildStdin,
    out: BufReader<std::process::ChildStdout>,
    child: std::process::Child,
}

impl Fsf {
    /// Started with our variant file, playing `quickchess`, with `options` (`NAME VALUE`
    /// pairs, e.g. `("MultiPV", "2")`) set, and ready.
    pub fn start(options: &[(&str, &str)]) -> Fsf {
        let ini = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../chess/tests/data/variants.ini"
        );
        let mut child = Command::new(FSF)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .expect("Debian's fairy-stockfish is needed (scripts/test.sh installs it)");
        let mut f = Fsf {
            stdin: child.stdin.take().unwrap(),
            out: BufReader::new(child.stdout.take().unwrap()),
            child,
        };
        f.say(&format!(
            "uci\nsetoption name VariantPath value {ini}\nsetoption name UCI_Variant value quickchess"
        ));
        for (name, value) in options {
            f.say(&format!("setoption name {name} value {value}"));
        }
        f.say("isready");
        f.until("readyok");
        f
    }

    /// Sends `text` (one or more lines).
    pub fn say(&mut self, text: &str) {
        writeln!(self.stdin, "{text}").unwrap();
        self.stdin.flush().unwrap();
    }

    /// The lines it prints up to the first starting with `prefix`, that one included.
    pub fn until(&mut self, prefix: &str) -> Vec<String> {
        let mut lines = Vec::new();
        loop {
            let mut line = String::new();
            assert!(
                self.out.read_line(&mut line).unwrap() > 0,
                "fairy-stockfish ended"
            );
            let done = line.starts_with(prefix);
            lines.push(line);
            if done {
                return lines;
            }
        }
    }
}

impl Drop for Fsf {
    fn drop(&mut self) {
        let _ = writeln!(self.stdin, "quit");
        let _ = self.stdin.flush();
        let _ = self.child.wait();
    }
}
