//! Network files on disk and the record of what made them.
//!
//! A network file ([`tabula_chess::engine::nnue::format`]) carries the commands that made it,
//! one a line, in the order they ran, so that running them again makes it again (lines
//! starting `#` are notes). The trainer cannot know how its data was made unless the data says
//! so, so the data generator leaves a record beside each data file (`DATA.made-by`): the
//! record of the network it played with, then its own command. The trainer's record is the
//! records of its data and of the network it continues, each line once, then its own command.
//! A shipped network thus lists every command between the first data and itself.

use std::path::{Path, PathBuf};
use std::sync::Arc;
use tabula_chess::engine::nnue::Network;

/// Reads the network file at `path`; the error names the file and what is wrong with it.
pub fn read(path: &Path) -> Result<Arc<Network>, String> {
    let bytes = std::fs::read(path).map_err(|e| format!("network file {}: {e}", path.display()))?;
    Network::from_bytes(&bytes)
        .map(Arc::new)
        .map_err(|e| format!("network file {}: {e}", path.display()))
}

/// The file beside a data file that says which command wrote it.
pub fn made_by_path(data: &Path) -> PathBuf {
    let mut name = data.as_os_str().to_owned();
    name.push(".made-by");
    PathBuf::from(name)
}

/// This process's command line as one can type it again, the program named `tool` (the
/// path it ran from differs between machines). Arguments with spaces or quotes are quoted.
pub fn command_line(tool: &str) -> String {
    let mut words = vec![tool.to_string()];
    words.extend(std::env::args().skip(1).map(|a| quote(&a)));
    words.join(" ")
}

fn quote(word: &str) -> String {
    if !word.is_empty()
        && word
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "-_./=:,+@%".contains(c))
    {
        word.to_string()
    } else {
        format!("'{}'", word.replace('\'', r"'\''"))
    }
}

/// The lines of `records`, each once, in the order first met: the commands that made the
/// inputs of a step (two data files made with one network share its lines).
pub fn merge<'a>(records: impl IntoIterator<Item = &'a str>) -> String {
    let mut seen = std::collections::HashSet::new();
    let mut out = Vec::new();
    for record in records {
        for line in record.lines().map(str::trim_end).filter(|l| !l.is_empty()) {
            if seen.insert(line.to_string()) {
                out.push(line);
            }
        }
    }
    out.join("\n")
}

/// The record beside `data`, or a note that the command that wrote it was not recorded.
pub fn data_made_by(data: &Path) -> String {
    std::fs::read_to_string(made_by_path(data)).unwrap_or_else(|_| {
        format!(
            "# {}: the command that wrote it was not recorded",
            data.display()
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_that_a_shell_would_split_are_quoted() {
        assert_eq!(quote("--games"), "--games");
        assert_eq!(quote("gen0_s1.bin"), "gen0_s1.bin");
        assert_eq!(quote("two words"), "'two words'");
        assert_eq!(quote("it's"), r"'it'\''s'");
        assert_eq!(quote(""), "''");
    }

    #[test]
    fn a_data_file_without_a_record_says_so_and_one_with_a_record_gives_it() {
        let dir = std::env::temp_dir().join(format!("tabula-made-by-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let data = dir.join("gen0.bin");
        assert!(data_made_by(&data).ends_with("was not recorded"));
        std::fs::write(made_by_path(&data), "nnue_datagen --games 10 --seed 1\n").unwrap();
        assert_eq!(data_made_by(&data), "nnue_datagen --games 10 --seed 1\n");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn records_merge_each_line_once_in_the_order_they_ran() {
        let net0 = "nnue_datagen --seed 1 --out a.bin\nnnue_train --out net0.nnue a.bin";
        let b = format!("{net0}\nnnue_datagen --net net0.nnue --seed 11 --out b.bin\n");
        let c = format!("{net0}\nnnue_datagen --net net0.nnue --seed 12 --out c.bin\n");
        assert_eq!(
            merge([
                b.as_str(),
                c.as_str(),
                net0,
                "nnue_train --init net0.nnue.f32 --out net1.nnue b.bin c.bin"
            ]),
            "nnue_datagen --seed 1 --out a.bin\nnnue_train --out net0.nnue a.bin\n\
             nnue_datagen --net net0.nnue --seed 11 --out b.bin\n\
             nnue_datagen --net net0.nnue --seed 12 --out c.bin\n\
             nnue_train --init net0.nnue.f32 --out net1.nnue b.bin c.bin"
        );
    }

    #[test]
    fn a_missing_or_foreign_network_file_is_refused_with_its_name() {
        let dir = std::env::temp_dir().join(format!("tabula-net-file-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("x.nnue");
        assert!(read(&path).unwrap_err().contains("x.nnue"));
        std::fs::write(&path, b"hello").unwrap();
        let e = read(&path).unwrap_err();
        assert!(e.contains("x.nnue") && e.contains("TABULANN"), "{e}");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
