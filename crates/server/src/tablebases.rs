//! Endgame tables on disk: a directory of `*.tbl` files written by `tabula exact tb generate`, read
//! into one [`Tablebases`] set per promotion rule (pawnless tables serve both).
//!
//! The chess crate builds and checks tables but does no I/O; this is where files are read and
//! written, for the CLI and the server alike.

use std::path::{Path, PathBuf};
use std::sync::Arc;
use tabula_chess::tablebase::{Material, Rules, Table, TableError, Tablebases};

/// The directory tables are kept in when none is named.
pub const DEFAULT_DIR: &str = "tablebases";

/// Both rule sets' tables, shared read-only between threads.
#[derive(Clone, Debug)]
pub struct TableSets {
    /// The rescue rule's tables (`quickchess`, `quickchess-classic`, Blind).
    pub rescue: Arc<Tablebases>,
    /// The queen-only tables (`quickchess-fsf`).
    pub queen: Arc<Tablebases>,
}

impl TableSets {
    /// No tables.
    pub fn empty() -> TableSets {
        TableSets {
            rescue: Arc::new(Tablebases::new(Rules::Rescue)),
            queen: Arc::new(Tablebases::new(Rules::QueenOnly)),
        }
    }

    /// The set for `rules`.
    pub fn get(&self, rules: Rules) -> &Arc<Tablebases> {
        match rules {
            Rules::Rescue => &self.rescue,
            Rules::QueenOnly => &self.queen,
        }
    }

    /// Every table in `dir` (a missing directory holds none), or what is wrong with a file.
    pub fn load(dir: &Path) -> Result<TableSets, String> {
        let mut rescue = Tablebases::new(Rules::Rescue);
        load_into(&mut rescue, dir)?;
        let mut queen = Tablebases::new(Rules::QueenOnly);
        load_into(&mut queen, dir)?;
        Ok(TableSets {
            rescue: Arc::new(rescue),
            queen: Arc::new(queen),
        })
    }
}

/// The `*.tbl` files of `dir`, sorted by name (none if it does not exist).
fn table_files(dir: &Path) -> Result<Vec<PathBuf>, String> {
    let entries = match std::fs::read_dir(dir) {
        Ok(e) => e,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
        Err(e) => return Err(format!("{}: {e}", dir.display())),
    };
    let mut files: Vec<PathBuf> = entries
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "tbl"))
        .collect();
    files.sort();
    Ok(files)
}

/// Reads one table file.
pub fn read(path: &Path) -> Result<Table, String> {
    let bytes = std::fs::read(path).map_err(|e| format!("{}: {e}", path.display()))?;
    Table::from_bytes(&bytes).map_err(|e| format!("{}: {e}", path.display()))
}

/// Loads into `set` every table of `dir` under `set`'s rules (pawnless ones included).
pub fn load_into(set: &mut Tablebases, dir: &Path) -> Result<usize, String> {
    let mut n = 0;
    for path in table_files(dir)? {
        let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
        let material = name.split('.').next().unwrap_or("");
        let Ok(m) = Material::parse(material) else {
            continue;
        };
        if name != Table::file_name(&m, set.rules()) {
            continue;
        }
        set.insert(read(&path)?)
            .map_err(|e: TableError| format!("{}: {e}", path.display()))?;
        n += 1;
    }
    Ok(n)
}

/// Writes `table` into `dir` (created if missing) under its file name; returns the path and
/// the number of bytes.
pub fn write(dir: &Path, table: &Table) -> Result<(PathBuf, usize), String> {
    std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let path = dir.join(Table::file_name(&table.material(), table.rules));
    let bytes = table.to_bytes();
    // write beside and rename, so a reader never sees half a table
    let partial = path.with_extension("tbl.partial");
    std::fs::write(&partial, &bytes).map_err(|e| format!("{}: {e}", partial.display()))?;
    std::fs::rename(&partial, &path).map_err(|e| format!("{}: {e}", path.display()))?;
    Ok((path, bytes.len()))
}
