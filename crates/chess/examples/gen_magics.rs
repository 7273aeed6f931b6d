//! Prints `src/magics.rs`: the magic numbers our seeded search finds, so the tables need no
//! search at start-up. Run: `cargo run --release -p tabula-chess --example gen_magics > crates/chess/src/magics.rs`

fn main() {
    println!("//! Magic numbers for the slider tables, found by the seeded search in `attacks.rs`");
    println!(
        "//! (`cargo run --release -p tabula-chess --example gen_magics` prints this file; a test"
    );
    println!(
        "//! checks the search still finds exactly these). Stored so start-up needs no search."
    );
    println!();
    for (w, h, name) in [(5u8, 6u8, "MINI"), (8, 8, "STANDARD")] {
        let (rook, bishop) = tabula_chess::attacks::search_magics(w, h);
        for (kind, list) in [("ROOK", rook), ("BISHOP", bishop)] {
            println!("const {name}_{kind}: [u64; {}] = [", list.len());
            for m in list {
                println!("    {m:#018x},");
            }
            println!("];");
        }
    }
    println!();
    println!("/// The stored (rook, bishop) magic numbers for a `w` x `h` board, if any.");
    println!("pub fn known(w: u8, h: u8) -> Option<(&'static [u64], &'static [u64])> {{");
    println!("    match (w, h) {{");
    println!("        (5, 6) => Some((&MINI_ROOK, &MINI_BISHOP)),");
    println!("        (8, 8) => Some((&STANDARD_ROOK, &STANDARD_BISHOP)),");
    println!("        _ => None,");
    println!("    }}");
    println!("}}");
}
