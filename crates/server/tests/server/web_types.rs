//! The browser's types (web/types/protocol.d.ts) are generated from the server's Rust types:
//! this test fails when the committed file is not what the types make today, and writes it
//! anew with `TABULA_WRITE_TYPES=1`.

use std::path::PathBuf;

#[test]
fn the_committed_browser_types_are_those_of_the_server() {
    let made = tabula_server::web_types::typescript().unwrap();
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../web/types/protocol.d.ts");
    if std::env::var_os("TABULA_WRITE_TYPES").is_some() {
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, &made).unwrap();
    }
    let committed = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        committed == made,
        "web/types/protocol.d.ts is stale: the server's types changed. Write it again with\n  \
         TABULA_WRITE_TYPES=1 cargo test -p tabula-server --test server web_types::\nand fix what \
         `tsc -p tsconfig.json` then finds in web/"
    );
}
