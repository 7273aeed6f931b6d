//! `tabula serve --config FILE` and `tabula site config check FILE`: the settings file under the
//! environment, the command line over both, mistakes named with the file and the setting.

use crate::node;

use std::path::PathBuf;
use std::process::{Command, Stdio};

fn tabula() -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_tabula"));
    // the test's own environment must not leak into the settings
    for (k, _) in std::env::vars() {
        if k.starts_with("TABULA_") || k == "RUST_LOG" {
            c.env_remove(k);
        }
    }
    c
}

fn file(name: &str, text: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tabula-config-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let p = dir.join(name);
    std::fs::write(&p, text).unwrap();
    p
}

/// `tabula site config check` with `env`: exit code, standard output, standard error.
fn check(path: &PathBuf, env: &[(&str, &str)]) -> (i32, String, String) {
    let out = tabula()
        .args(["site", "config", "check"])
        .arg(path)
        .envs(env.iter().copied())
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn check_prints_the_effective_settings_with_their_sources_and_masks_secrets() {
    let p = file(
        "site.toml",
        "addr = \"0.0.0.0:8080\"\ndb = \"postgres://tabula:hunter2@db.example/tabula\"\n\
         allow_origin = [\"https://a.example\", \"https://b.example\"]\nauto-review = true\n\
         max-rooms = 300\nlog-format = \"json\"\n",
    );
    let (code, out, err) = check(&p, &[("TABULA_MAX_ROOMS", "77")]);
    assert_eq!(code, 0, "{err}");
    let line = |key: &str| {
        out.lines()
            .find(|l| l.starts_with(&format!("{key} = ")))
            .unwrap_or_else(|| panic!("no {key} in:\n{out}"))
            .to_string()
    };
    assert_eq!(line("addr"), "addr = \"0.0.0.0:8080\"  # the file");
    assert_eq!(
        line("db"),
        "db = \"postgres://tabula:***@db.example/tabula\"  # the file"
    );
    assert!(!out.contains("hunter2"), "the password is masked:\n{out}");
    assert_eq!(
        line("allow-origin"),
        "allow-origin = [\"https://a.example\", \"https://b.example\"]  # the file"
    );
    assert_eq!(line("auto-review"), "auto-review = true  # the file");
    // the environment over the file
    assert_eq!(line("max-rooms"), "max-rooms = 77  # TABULA_MAX_ROOMS");
    assert_eq!(line("max-sockets"), "max-sockets = 10000  # default");
    assert_eq!(line("log-format"), "log-format = \"json\"  # the file");
}

#[test]
fn mistakes_are_named_with_the_file_and_the_setting() {
    let unknown = file("unknown.toml", "adress = \"0.0.0.0:80\"\n");
    let (code, _, err) = check(&unknown, &[]);
    assert_eq!(code, 2);
    assert!(
        err.contains("unknown.toml") && err.contains("`adress` is not a setting"),
        "{err}"
    );
    let bad = file("bad.toml", "lease = \"1h\"\nnode = \"a\"\n");
    let (code, _, err) = check(&bad, &[]);
    assert_eq!(code, 2);
    assert!(
        err.contains("bad.toml") && err.contains("--lease") && err.contains("between 1s and 10min"),
        "{err}"
    );
    let list = file("list.toml", "addr = [\"a\", \"b\"]\n");
    let (code, _, err) = check(&list, &[]);
    assert_eq!(code, 2);
    assert!(err.contains("`addr` takes one value, not a list"), "{err}");
    let flag = file("flag.toml", "auto-review = \"yes\"\n");
    let (code, _, err) = check(&flag, &[]);
    assert_eq!(code, 2);
    assert!(err.contains("`auto-review` is true or false"), "{err}");
    let broken = file("broken.toml", "addr = \n");
    let (code, _, err) = check(&broken, &[]);
    assert_eq!(code, 2);
    assert!(
        err.contains("broken.toml: not TOML") && err.contains("line 1"),
        "{err}"
    );
    let (code, _, err) = check(&unknown.with_file_name("nothing-here.toml"), &[]);
    assert_eq!(code, 2);
    assert!(err.contains("reading the settings file"), "{err}");
}

/// Starts `tabula serve` with `args` and `env`; its first line (where it runs, on what
/// database), then stops it.
fn started(args: &[&str], env: &[(&str, &str)]) -> String {
    let mut command = tabula();
    command
        .arg("serve")
        .args(args)
        .envs(env.iter().copied())
        .stderr(Stdio::null());
    let (mut child, line) = node::spawn_reading_first_line(command);
    let _ = child.kill();
    let _ = child.wait();
    line
}

#[test]
fn serve_runs_with_the_file_under_the_environment_and_the_flags() {
    let dir = std::env::temp_dir().join(format!("tabula-config-serve-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let from_file = dir.join("from-file.db");
    let from_env = dir.join("from-env.db");
    let from_flag = dir.join("from-flag.db");
    // the file's address cannot be bound (port 1): the flag's is used
    let p = file(
        "serve.toml",
        &format!(
            "addr = \"127.0.0.1:1\"\ndb = \"{}\"\nmax-rooms = 50\n",
            from_file.display()
        ),
    );
    let cfg = p.to_str().unwrap();
    let line = started(&["--config", cfg, "--addr", "127.0.0.1:0"], &[]);
    assert!(
        line.contains("Tabula is running at http://127.0.0.1:"),
        "{line}"
    );
    assert!(
        line.contains(&format!("(database: {})", from_file.display())),
        "{line}"
    );
    let env_db = from_env.display().to_string();
    let line = started(
        &["--config", cfg, "--addr", "127.0.0.1:0"],
        &[("TABULA_DATABASE_URL", &env_db)],
    );
    assert!(
        line.contains(&format!("(database: {env_db})")),
        "the environment over the file: {line}"
    );
    let flag_db = from_flag.display().to_string();
    let line = started(
        &["--config", cfg, "--addr", "127.0.0.1:0", "--db", &flag_db],
        &[("TABULA_DATABASE_URL", &env_db)],
    );
    assert!(
        line.contains(&format!("(database: {flag_db})")),
        "the flag over both: {line}"
    );
    // the file named in the environment works as --config does
    let line = started(&["--addr", "127.0.0.1:0"], &[("TABULA_CONFIG", cfg)]);
    assert!(
        line.contains(&format!("(database: {})", from_file.display())),
        "{line}"
    );
}
