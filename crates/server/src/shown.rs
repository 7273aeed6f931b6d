//! A view or a list of events made once and sent to many sockets ([`Shown`]): held as the
//! Rust value that made it until a socket serialises it (once per seat, by the frame that
//! carries it), or as the JSON text it arrived in from another node. It lives below the rooms
//! and the frames, which both carry it.

use crate::json::RawJson;
use serde::Serialize;
use std::sync::Arc;
use ts_rs::TS;

/// Something made once and sent to many sockets: held typed (a view or the events of this
/// node's room), or as the JSON text it arrived in from another node. To the browser's types
/// it is `unknown`: the frame carrying it does not say which game's view it is, the page does.
#[derive(Clone, TS)]
#[ts(type = "unknown")]
pub enum Shown {
    /// Made here.
    Typed(Arc<dyn erased_serde::Serialize + Send + Sync>),
    /// Made on another node.
    Text(RawJson),
}

impl Shown {
    /// Holds `value` typed.
    pub fn of<T: Serialize + Send + Sync + 'static>(value: T) -> Shown {
        Shown::Typed(Arc::new(value))
    }

    /// The JSON, to send to another node.
    pub fn to_json(&self) -> RawJson {
        match self {
            Shown::Typed(_) => RawJson::of(self),
            Shown::Text(raw) => raw.clone(),
        }
    }
}

impl Serialize for Shown {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            Shown::Typed(v) => erased_serde::serialize(v.as_ref(), s),
            Shown::Text(raw) => raw.serialize(s),
        }
    }
}

impl std::fmt::Debug for Shown {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.to_json())
    }
}

impl<'de> serde::Deserialize<'de> for Shown {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Shown, D::Error> {
        RawJson::deserialize(d).map(Shown::Text)
    }
}

impl PartialEq for Shown {
    fn eq(&self, other: &Shown) -> bool {
        self.to_json() == other.to_json()
    }
}
