//! `tabula`: the command-line tool of the Tabula game suite.

/// mimalloc rather than the system's allocator: a busy server builds and drops many small
/// JSON values per move, and glibc's malloc spent a fifth of a node's time on them (its
/// consolidation and free-list walks, in the profile of `tabula site loadtest --nodes 2`).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> std::process::ExitCode {
    tabula::cli::run()
}
