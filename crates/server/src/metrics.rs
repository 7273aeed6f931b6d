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

/// Every metric of the node.
pub struct Metrics {
    registry: Registry,
    /// HTTP requests answered.
    pub http_requests: Family<HttpLabels, Counter>,
    /// Their time to the response's head.
    pub http_seconds: Family<RouteLabels, Histogram>,
    /// Actions (game intents, table requests) by outcome.
    pub actions: Family<OutcomeLabels, Counter>,
    /// From an intent's arrival to its ack.
    pub ack_seconds: Histogram,
    /// A search's time on the thinking pool, by lane.
    pub search_seconds: Family<LaneLabels, Histogram>,
    /// A store append's time.
    pub append_seconds: Histogram,
    /// Requests and frames refused by a per-address limit.
    pub rate_limited: Family<LimitLabels, Counter>,
    /// Games this node took over from a node that was gone (its lease had lapsed).
    pub lease_takeovers: Counter,
    /// Games this node let go because another node holds their lease now.
    pub leases_lost: Counter,
    /// Chat messages written.
    pub chat_messages: Counter,
    /// The writes of one PostgreSQL group commit (appends and notifications together).
    pub commit_batch: Histogram,
    sockets: Gauge,
    rooms: Gauge,
    thinking_waiting: Gauge,
    thinking_running: Gauge,
    reviews_waiting: Gauge,
    memory: Gauge,
}

fn seconds_buckets() -> Histogram {
    // 1 ms to about 33 s
    Histogram::new(exponential_buckets(0.001, 2.0, 16))
}

impl Metrics {
    fn new() -> Metrics {
        let mut r = Registry::with_prefix("tabula");
        let m = Metrics {
            http_requests: Family::default(),
            http_seconds: Family::new_with_constructor(seconds_buckets),
            actions: Family::default(),
            ack_seconds: seconds_buckets(),
            search_seconds: Family::new_with_constructor(seconds_buckets),
            append_seconds: seconds_buckets(),
            rate_limited: Family::default(),
            lease_takeovers: Counter::default(),
            leases_lost: Counter::default(),
            chat_messages: Counter::default(),
            // 1 to 512 writes
            commit_batch: Histogram::new(exponential_buckets(1.0, 2.0, 10)),
            sockets: Gauge::default(),
            rooms: Gauge::default(),
            thinking_waiting: Gauge::default(),
            thinking_running: Gauge::default(),
            reviews_waiting: Gauge::default(),
            memory: Gauge::default(),
            registry: Registry::default(),
        };
        r.register(
            "http_requests",
            "HTTP requests answered",
            m.http_requests.clone(),
        );
        r.register_with_unit(
            "http_request_duration",
            "Time to answer an HTTP request",
            Unit::Seconds,
            m.http_seconds.clone(),
        );
        r.register(
            "actions",
            "Actions accepted and refused, by outcome",
            m.actions.clone(),
        );
        r.register_with_unit(
            "action_ack",
            "Time from an action's arrival to its acknowledgement",
            Unit::Seconds,
            m.ack_seconds.clone(),
        );
        r.register_with_unit(
            "search",
            "Time of a search on the thinking pool",
            Unit::Seconds,
            m.search_seconds.clone(),
        );
        r.register_with_unit(
            "store_append",
            "Time to append an action to the store",
            Unit::Seconds,
            m.append_seconds.clone(),
        );
        r.register(
            "rate_limited",
            "Requests and frames refused by a per-address limit",
            m.rate_limited.clone(),
        );
        r.register(
            "lease_takeovers",
            "Games taken over from a node that was gone",
            m.lease_takeovers.clone(),
        );
        r.register(
            "chat_messages",
            "Chat messages written",
            m.chat_messages.clone(),
        );
        r.register(
            "leases_lost",
            "Games let go because another node holds their lease",
            m.leases_lost.clone(),
        );
        r.register(
            "store_commit_batch_writes",
            "Writes in one PostgreSQL group commit",
            m.commit_batch.clone(),
        );
        r.register(
            "websockets_open",
            "WebSockets open (games and lobby)",
            m.sockets.clone(),
        );
        r.register("rooms_in_memory", "Games held in memory", m.rooms.clone());
        r.register(
            "thinking_waiting",
            "Searches waiting for the thinking pool",
            m.thinking_waiting.clone(),
        );
        r.register(
            "thinking_running",
            "Searches running on the thinking pool",
            m.thinking_running.clone(),
        );
        r.register(
            "reviews_waiting",
            "Games waiting for their review",
            m.reviews_waiting.clone(),
        );
        r.register_with_unit(
            "process_resident_memory",
            "The process's resident memory",
            Unit::Bytes,
            m.memory.clone(),
        );
        Metrics { registry: r, ..m }
    }

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
