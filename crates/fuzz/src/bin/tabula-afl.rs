//! The same targets, coverage-guided by AFL++ (afl.rs works on the stable toolchain):
//!
//! ```text
//! cargo install cargo-afl
//! cargo afl build --release -p tabula-fuzz --features afl --bin tabula-afl
//! tabula-fuzz fen --write-seeds seeds/fen
//! TABULA_FUZZ_TARGET=fen cargo afl fuzz -i seeds/fen -o afl/fen target/release/tabula-afl
//! ```

fn main() {
    let name = std::env::var("TABULA_FUZZ_TARGET").unwrap_or_else(|_| "fen".into());
    let Some(target) = tabula_fuzz::all().into_iter().find(|t| t.name() == name) else {
        eprintln!("error: no fuzz target `{name}`");
        std::process::exit(2);
    };
    // a target keeps nothing a panic could leave half-changed that the next input relies on
    let target = std::panic::AssertUnwindSafe(std::cell::RefCell::new(target));
    afl::fuzz!(|data: &[u8]| {
        // a broken invariant is a crash to AFL, as a panic is
        if let Err(broken) = target.borrow_mut().run(data) {
            panic!("{broken}");
        }
    });
}
