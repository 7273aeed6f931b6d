//! Rebuilds the crate when a migration is added or changed: `refinery::embed_migrations!` reads
//! `migrations/` when the crate compiles but does not tell cargo to watch it, so a new
//! migration file alone left the binaries without it (a stale build applied migrations only up
//! to the one before).

fn main() {
    println!("cargo:rerun-if-changed=migrations");
}
