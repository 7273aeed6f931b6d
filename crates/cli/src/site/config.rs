//! `tabula serve --config FILE` and `tabula site config check`: the server's settings from one
//! TOML file, with the environment over the file and the command line over both.
//!
//! A setting is a flag of `tabula serve` named without its dashes (`addr`, `allow-origin`;
//! `allow_origin` is read the same). The file is not a second grammar: its settings are turned
//! into the flags they name and read by the same clap parser as the command line, so a value
//! the command line refuses the file refuses too, with the same message, and a new flag is a
//! setting the day it is added. Precedence comes from what clap saw on the real command line:
//! a setting given there or in its `TABULA_*` variable is left out of the file's flags.

use super::serve::ServeArgs;
use anyhow::{Context, anyhow};
use clap::parser::ValueSource;
use clap::{ArgAction, ArgMatches, Args, Command, FromArgMatches};
use std::collections::BTreeSet;
use std::ffi::OsString;
use std::path::Path;

/// Where a setting's value came from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Source {
    /// The command line.
    Flag,
    /// An environment variable (named).
    Environment(String),
    /// The settings file.
    File,
    /// Nobody: the default.
    Default,
}

/// One effective setting, for `tabula site config check`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setting {
    /// The flag's long name.
    pub key: String,
    /// Its values as given (none for a flag left off).
    pub values: Vec<String>,
    /// Where they came from.
    pub source: Source,
}

/// The server's arguments with the file under them, and where each setting came from.
pub struct Layered {
    /// What `tabula serve` runs with.
    pub args: ServeArgs,
    /// Every setting, in the order of `tabula serve --help`.
    pub settings: Vec<Setting>,
}

/// `tabula serve`'s grammar as a command of its own.
fn serve_command() -> Command {
    ServeArgs::augment_args(Command::new("tabula serve"))
}

/// The settings of `file` as `tabula serve` flags, leaving out those `given` says the command
/// line or the environment set already (`given` from parsing the real arguments; `None`
/// keeps every one, to check the file alone). Unknown settings and values of the wrong
/// shape are refused naming the setting.
fn file_flags(
    file: &Path,
    given: Option<&ArgMatches>,
) -> anyhow::Result<(Vec<OsString>, BTreeSet<String>)> {
    let text = std::fs::read_to_string(file)
        .with_context(|| format!("reading the settings file {}", file.display()))?;
    let table: toml::Table = text
        .parse()
        .map_err(|e| anyhow!("{}: not TOML: {e}", file.display()))?;
    let command = serve_command();
    let mut flags = Vec::new();
    let mut from_file = BTreeSet::new();
    for (key, value) in &table {
        let name = key.replace('_', "-");
        let arg = command
            .get_arguments()
            .find(|a| a.get_long() == Some(name.as_str()) && name != "config" && name != "help")
            .ok_or_else(|| {
                let known: Vec<&str> = command
                    .get_arguments()
                    .filter_map(|a| a.get_long())
                    .filter(|l| !matches!(*l, "config" | "help"))
                    .collect();
                anyhow!(
                    "{}: `{key}` is not a setting of tabula serve (the settings: {})",
                    file.display(),
                    known.join(", ")
                )
            })?;
        let overridden = given.is_some_and(|m| {
            matches!(
                m.value_source(arg.get_id().as_str()),
                Some(ValueSource::CommandLine | ValueSource::EnvVariable)
            )
        });
        if overridden {
            continue;
        }
        let wrong = |what: &str| anyhow!("{}: `{key}` {what}", file.display());
        if !arg.get_action().takes_values() {
            match value.as_bool() {
                Some(true) => flags.push(OsString::from(format!("--{name}"))),
                Some(false) => {}
                None => return Err(wrong("is true or false")),
            }
        } else {
            let values: Vec<&toml::Value> = match value {
                toml::Value::Array(items) if matches!(arg.get_action(), ArgAction::Append) => {
                    items.iter().collect()
                }
                toml::Value::Array(_) => return Err(wrong("takes one value, not a list")),
                one => vec![one],
            };
            for v in values {
                let text = match v {
                    toml::Value::String(s) => s.clone(),
                    toml::Value::Integer(i) => i.to_string(),
                    toml::Value::Float(f) => f.to_string(),
                    toml::Value::Boolean(b) => b.to_string(),
                    _ => return Err(wrong("takes text, a number or true/false")),
                };
                flags.push(OsString::from(format!("--{name}={text}")));
            }
        }
        from_file.insert(arg.get_id().to_string());
    }
    Ok((flags, from_file))
}

/// The first line of a clap error, without its `error: `.
fn clap_message(e: &clap::Error) -> String {
    let text = e.to_string();
    let line = text.lines().next().unwrap_or_default();
    line.strip_prefix("error: ").unwrap_or(line).to_string()
}

/// The arguments of `tabula serve` (the words after `serve`, parsed as `given`) with the
/// settings of `file` beneath them.
pub fn layered(file: &Path, given: &ArgMatches, words: &[OsString]) -> anyhow::Result<Layered> {
    // the file alone first, without the environment, so that its mistakes are named as its own
    let (all, _) = file_flags(file, None)?;
    serve_command()
        .mut_args(|a| a.env(None))
        .try_get_matches_from(std::iter::once(OsString::from("serve")).chain(all))
        .map_err(|e| anyhow!("{}: {}", file.display(), clap_message(&e)))?;
    let (flags, from_file) = file_flags(file, Some(given))?;
    let argv = std::iter::once(OsString::from("serve"))
        .chain(flags)
        .chain(words.iter().cloned());
    let matches = serve_command()
        .try_get_matches_from(argv)
        .map_err(|e| anyhow!(clap_message(&e)))?;
    let args = ServeArgs::from_arg_matches(&matches).map_err(|e| anyhow!(clap_message(&e)))?;
    Ok(Layered {
        args,
        settings: settings(&matches, &from_file),
    })
}

/// Every setting of `matches` with its source (`from_file`: the ids the file set).
fn settings(matches: &ArgMatches, from_file: &BTreeSet<String>) -> Vec<Setting> {
    serve_command()
        .get_arguments()
        .filter(|a| !matches!(a.get_long(), None | Some("help" | "config")))
        .map(|a| {
            let id = a.get_id().as_str();
            let values = matches
                .get_raw(id)
                .map(|vs| vs.map(|v| v.to_string_lossy().into_owned()).collect())
                .unwrap_or_default();
            let source = match matches.value_source(id) {
                Some(ValueSource::CommandLine) if from_file.contains(id) => Source::File,
                Some(ValueSource::CommandLine) => Source::Flag,
                Some(ValueSource::EnvVariable) => Source::Environment(
                    a.get_env()
                        .map(|e| e.to_string_lossy().into_owned())
                        .unwrap_or_default(),
                ),
                _ => Source::Default,
            };
            Setting {
                key: a.get_long().unwrap_or_default().to_string(),
                values,
                source,
            }
        })
        .collect()
}

/// The settings that hold secrets (shown masked).
const SECRET: &[&str] = &["db"];
/// The settings that take a list.
const LISTS: &[&str] = &["allow-origin", "trust-proxy"];

/// `tabula site config check FILE`'s report: the effective settings as TOML, each with where it
/// came from, secrets masked.
pub fn report(settings: &[Setting]) -> String {
    let mut out = String::new();
    for s in settings {
        let quote = |v: &str| {
            let v = if SECRET.contains(&s.key.as_str()) {
                tabula_server::store::postgres::redact(v)
            } else {
                v.to_string()
            };
            // numbers and true/false bare, the rest as TOML strings: read back, it is the same
            if v.parse::<i64>().is_ok() || v == "true" || v == "false" {
                v
            } else {
                // a JSON string is a TOML basic string (the same escapes)
                serde_json::Value::String(v).to_string()
            }
        };
        let value = match s.values.as_slice() {
            [] => None,
            [one] if !LISTS.contains(&s.key.as_str()) => Some(quote(one)),
            many => Some(format!(
                "[{}]",
                many.iter().map(|v| quote(v)).collect::<Vec<_>>().join(", ")
            )),
        };
        let from = match &s.source {
            Source::Flag => "the command line".to_string(),
            Source::Environment(name) => name.clone(),
            Source::File => "the file".to_string(),
            Source::Default => "default".to_string(),
        };
        match value {
            Some(value) => out.push_str(&format!("{} = {value}  # {from}\n", s.key)),
            None => out.push_str(&format!("# {} is not set\n", s.key)),
        }
    }
    out
}

/// `tabula site config check FILE`: the settings `tabula serve --config FILE` would run with (the
/// file under the environment), as TOML with each setting's source, secrets masked.
pub fn check(file: &Path) -> anyhow::Result<String> {
    let bare = serve_command()
        .try_get_matches_from(["serve"])
        .map_err(|e| anyhow!("the environment: {}", clap_message(&e)))?;
    let layered = layered(file, &bare, &[])?;
    Ok(format!(
        "# the settings of tabula serve --config {} (flags given to it override these)\n{}",
        file.display(),
        report(&layered.settings)
    ))
}
