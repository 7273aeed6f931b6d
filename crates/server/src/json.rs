//! JSON the server holds without reading it yet: what a client sent before the room that
//! knows its game reads it, what the log and the stored configuration hold until the game
//! they belong to reads them back, and a view that crossed from another node ready to send.
//! It is kept as its text (`RawValue`), never as an untyped tree, and read once into the type
//! that knows it ([`RawJson::parse`]).

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use serde_json::value::RawValue;
use std::fmt;

/// A JSON text, valid and kept as it is (to the browser's types: any JSON, `unknown`).
#[derive(Clone, Serialize, Deserialize, ts_rs::TS)]
#[serde(transparent)]
#[ts(type = "unknown")]
pub struct RawJson(Box<RawValue>);

impl RawJson {
    /// The JSON of `value`.
    pub fn of<T: Serialize + ?Sized>(value: &T) -> RawJson {
        // serialising the server's own plain types to text cannot fail; `null` if it did
        RawJson(serde_json::value::to_raw_value(value).unwrap_or_else(|_| null()))
    }

    /// `null`.
    pub fn null() -> RawJson {
        RawJson(null())
    }

    /// Checks `text` is JSON and keeps it.
    pub fn from_text(text: String) -> Result<RawJson, serde_json::Error> {
        RawValue::from_string(text).map(RawJson)
    }

    /// Reads it as a `T`.
    pub fn parse<T: DeserializeOwned>(&self) -> Result<T, serde_json::Error> {
        serde_json::from_str(self.0.get())
    }

    /// The text.
    pub fn text(&self) -> &str {
        self.0.get()
    }

    /// The type tag `t` of an object (`{"t": "move", ...}`), if it has a text one; `None`
    /// when it is not a JSON object at all.
    pub fn tag(&self) -> Option<Option<String>> {
        #[derive(Deserialize)]
        struct Tagged {
            t: Option<serde_json::Value>,
        }
        let tagged: Tagged = self.parse().ok()?;
        Some(tagged.t.and_then(|t| t.as_str().map(str::to_string)))
    }
}

/// A JSON error's message without the "at line 1 column 10" a parse from text adds (the
/// JSON read is one value a client sent, so the place says nothing the message does not).
pub fn message(e: &serde_json::Error) -> String {
    let m = e.to_string();
    match m.rsplit_once(" at line ") {
        Some((message, _)) => message.to_string(),
        None => m,
    }
}

fn null() -> Box<RawValue> {
    RawValue::from_string("null".into()).unwrap_or_else(|_| unreachable!("null is JSON"))
}

impl PartialEq for RawJson {
    fn eq(&self, other: &RawJson) -> bool {
        self.text() == other.text()
    }
}

impl fmt::Debug for RawJson {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.text())
    }
}

impl fmt::Display for RawJson {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.text())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn json_is_kept_as_written_and_read_once() {
        let j = RawJson::from_text(r#"{"t":"move","uci":"a2a3"}"#.into()).unwrap();
        assert_eq!(j.tag(), Some(Some("move".into())));
        assert_eq!(j.text(), r#"{"t":"move","uci":"a2a3"}"#);
        assert!(RawJson::from_text("{nope".into()).is_err());
        assert_eq!(RawJson::of(&[1, 2]).text(), "[1,2]");
        assert_eq!(RawJson::of(&5).tag(), None);
        assert_eq!(RawJson::of(&serde_json::json!({"t": 3})).tag(), Some(None));
        let v: Vec<u8> = RawJson::of(&[7u8]).parse().unwrap();
        assert_eq!(v, [7]);
    }
}
