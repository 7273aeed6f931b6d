//! Running the web app: `serve` (with its settings file, `config`), `backup` and `migrate`, the
//! stored games checked and exported (`check-games`, `export-game`), moderation (`admin`), and
//! the load tests (`loadtest`, and `explorer-bench` for the opening explorer).

pub mod admin;
pub mod config;
pub mod explorer_bench;
pub mod games_db;
pub mod loadtest;
pub mod serve;
