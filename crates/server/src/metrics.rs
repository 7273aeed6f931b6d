//! The node's metrics in Prometheus's text format (`GET /metrics` on `--metrics-addr`, never
//! on the public address): requests and their latency by route, open sockets, rooms in memory,
//! actions accepted and refused, the time from an intent to its ack, searches and the thinking
//! queue, store appends and group-commit batches, lease takeovers, rate-limit hits, reviews
//! waiting and the process's memory. Names and units follow Prometheus's conventions (`_total`, `_seconds`, `_bytes`).
//!
//! One set per process ([`METRICS`]): a process is one node. Counters only grow; the gauges
//! that mirror the server's state are read when the metrics are asked for.

use prometheus_client::encoding::{EncodeLabelSet, EncodeLabelValue};
use prometheus_client::metrics::counter::Counter;
use prometheus_client::metrics::family::Family;
use prometheus_client::metrics::gauge::Gauge;
use prometheus_client::metrics::histogram::{Histogram, exponential_buckets};
use prometheus_client::registry::{Registry, Unit};
use std::sync::LazyLock;
use std::time::Duration;

/// An HTTP request's route (the pattern, not the path: ids would make a series each) and
/// answer.
#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
pub struct HttpLabels {
    /// The route's pattern (`/api/games/{id}`), or `other` for a path no route matches.
    pub route: String,
    /// The method.
    pub method: String,
    /// The status code.
    pub status: u16,
}

/// A route's pattern.
#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
pub struct RouteLabels {
    /// The route's pattern.
    pub route: String,
}

/// How an action ended: `accepted`, or the refusal's code (`bad_input`, `conflict`, ...).
#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
pub struct OutcomeLabels {
    /// `accepted` or an error code.
    pub outcome: &'static str,
}

/// Which per-address limit refused a request.
#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
pub struct LimitLabels {
    /// The limit (`frame`, `create`, `login`, ...).
    pub limit: String,
}

/// Which lane of the thinking pool.
#[derive(Clone, Copy, Debug, Hash, PartialEq, Eq, EncodeLabelValue)]
pub enum Lane {
    /// The games' bots (and the server's own work: reviews).
    Games,
    /// The tools (analysis, hints, exercises).
    Tools,
}

/// A thinking lane.
#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
pub struct LaneLabels {
    /// The lane.
    pub lane: Lane,
}

fn seconds_buckets() -> Histogram {
    // 1 ms to about 33 s
    Histogram::new(exponential_buckets(0.001, 2.0, 16))
}

/// Registers `metric` as `name` (with the registry's prefix), in `unit` if it has one.
fn register(
    registry: &mut Registry,
    name: &str,
    help: &str,
    unit: Option<Unit>,
    metric: impl prometheus_client::registry::Metric,
) {
    match unit {
        Some(unit) => registry.register_with_unit(name, help, unit, metric),
        None => registry.register(name, help, metric),
    }
}

/// Declares the node's metrics once each: the field, how it is made, and the name, help and
/// unit it is exported under. Makes [`Metrics`] and its constructor, which registers them all.
macro_rules! metrics {
    ($($(#[$doc:meta])* $vis:vis $field:ident: $ty:ty = $make:expr => $name:literal, $help:literal $(, $unit:ident)?;)*) => {
        /// Every metric of the node.
        pub struct Metrics {
            registry: Registry,
            $($(#[$doc])* $vis $field: $ty,)*
        }

        impl Metrics {
            fn new() -> Metrics {
                let mut registry = Registry::with_prefix("tabula");
                $(
                    let $field: $ty = $make;
                    register(&mut registry, $name, $help, metrics!(@unit $($unit)?), $field.clone());
                )*
                Metrics { registry, $($field,)* }
            }
        }
    };
    (@unit) => { None };
    (@unit $unit:ident) => { Some(Unit::$unit) };
}

metrics! {
    /// HTTP requests answered.
    pub http_requests: Family<HttpLabels, Counter> = Family::default()
        => "http_requests", "HTTP requests answered";
    /// Their time to the response's head.
    pub http_seconds: Family<RouteLabels, Histogram> = Family::new_with_constructor(seconds_buckets)
        => "http_request_duration", "Time to answer an HTTP request", Seconds;
    /// Actions (game intents, table requests) by outcome.
    pub actions: Family<OutcomeLabels, Counter> = Family::default()
        => "actions", "Actions accepted and refused, by outcome";
    /// From an intent's arrival to its ack.
    pub ack_seconds: Histogram = seconds_buckets()
        => "action_ack", "Time from an action's arrival to its acknowledgement", Seconds;
    /// A search's time on the thinking pool, by lane.
    pub search_seconds: Family<LaneLabels, Histogram> = Family::new_with_constructor(seconds_buckets)
        => "search", "Time of a search on the thinking pool", Seconds;
    /// A store append's time.
    pub append_seconds: Histogram = seconds_buckets()
        => "store_append", "Time to append an action to the store", Seconds;
    /// Requests and frames refused by a per-address limit.
    pub rate_limited: Family<LimitLabels, Counter> = Family::default()
        => "rate_limited", "Requests and frames refused by a per-address limit";
    /// Games this node took over from a node that was gone (its lease had lapsed).
    pub lease_takeovers: Counter = Counter::default()
        => "lease_takeovers", "Games taken over from a node that was gone";
    /// Chat messages written.
    pub chat_messages: Counter = Counter::default()
        => "chat_messages", "Chat messages written";
    /// Games this node let go because another node holds their lease now.
    pub leases_lost: Counter = Counter::default()
        => "leases_lost", "Games let go because another node holds their lease";
    /// The writes of one PostgreSQL group commit (appends and notifications together): 1 to 512.
    pub commit_batch: Histogram = Histogram::new(exponential_buckets(1.0, 2.0, 10))
        => "store_commit_batch_writes", "Writes in one PostgreSQL group commit";
    /// Notifications this node sent on the nodes' pub/sub (a message's parts), and their
    /// payloads' bytes: with those received, the bus's cost a move (issue #59).
    pub bus_sent: Counter = Counter::default()
        => "bus_sent_notifications", "Notifications sent on the nodes' pub/sub";
    /// Their payloads' bytes.
    pub bus_sent_bytes: Counter = Counter::default()
        => "bus_sent_payload", "Payload sent on the nodes' pub/sub", Bytes;
    /// Notifications this node received (its own channel's and everyone's).
    pub bus_received: Counter = Counter::default()
        => "bus_received_notifications", "Notifications received on the nodes' pub/sub";
    /// Their payloads' bytes.
    pub bus_received_bytes: Counter = Counter::default()
        => "bus_received_payload", "Payload received on the nodes' pub/sub", Bytes;
    sockets: Gauge = Gauge::default()
        => "websockets_open", "WebSockets open (games and lobby)";
    rooms: Gauge = Gauge::default()
        => "rooms_in_memory", "Games held in memory";
    thinking_waiting: Gauge = Gauge::default()
        => "thinking_waiting", "Searches waiting for the thinking pool";
    thinking_running: Gauge = Gauge::default()
        => "thinking_running", "Searches running on the thinking pool";
    reviews_waiting: Gauge = Gauge::default()
        => "reviews_waiting", "Games waiting for their review";
    memory: Gauge = Gauge::default()
        => "process_resident_memory", "The process's resident memory", Bytes;
}

impl Metrics {
    /// Counts a refusal by the per-address limit `limit`.
    pub fn limited(&self, limit: &str) {
        let limit = limit.to_string();
        self.rate_limited
            .get_or_create(&LimitLabels { limit })
            .inc();
    }

    /// Counts an action's outcome and, when accepted, its time to the ack.
    pub fn action(&self, outcome: Result<Duration, &'static str>) {
        let label = match outcome {
            Ok(took) => {
                self.ack_seconds.observe(took.as_secs_f64());
                "accepted"
            }
            Err(code) => code,
        };
        self.actions
            .get_or_create(&OutcomeLabels { outcome: label })
            .inc();
    }

    /// The metrics as Prometheus text (OpenMetrics), with the gauges read just now.
    pub fn render(&self, now: Gauges) -> String {
        self.sockets.set(now.sockets as i64);
        self.rooms.set(now.rooms as i64);
        self.thinking_running.set(now.thinking_running as i64);
        self.thinking_waiting.set(now.thinking_waiting as i64);
        self.reviews_waiting.set(now.reviews_waiting as i64);
        self.memory.set(resident_bytes() as i64);
        let mut out = String::new();
        // writing to a String cannot fail
        let _ = prometheus_client::encoding::text::encode(&mut out, &self.registry);
        out
    }
}

/// The gauges the node reads when it is asked for its metrics (the caller reads them from
/// the hub, so this module needs nothing of the rest of the server).
#[derive(Clone, Copy, Debug, Default)]
pub struct Gauges {
    /// Open WebSockets.
    pub sockets: usize,
    /// Rooms in memory.
    pub rooms: usize,
    /// Searches running.
    pub thinking_running: usize,
    /// Searches waiting for a place.
    pub thinking_waiting: usize,
    /// Games waiting for their review.
    pub reviews_waiting: usize,
}

/// The process's resident memory (Linux's /proc/self/statm; 0 elsewhere).
fn resident_bytes() -> u64 {
    std::fs::read_to_string("/proc/self/statm")
        .ok()
        .and_then(|s| s.split_whitespace().nth(1)?.parse::<u64>().ok())
        .map_or(0, |pages| pages * 4096)
}

/// The node's metrics.
pub static METRICS: LazyLock<Metrics> = LazyLock::new(Metrics::new);
