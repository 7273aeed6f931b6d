//! The hub: one server's parts put together, as the HTTP and WebSocket layer and the cluster
//! use them: the shared services ([`Context`]), the rooms ([`Registry`]) and the lobby.

use crate::context::Context;
use crate::limits::Limits;
use crate::lobby::Lobby;
use crate::rooms::Registry;
use crate::services::Services;
use crate::store::Store;
use crate::tournaments::Tournaments;
use std::ops::Deref;
use std::sync::Arc;
use std::time::Duration;

/// One server.
pub struct Hub {
    /// The store, the services, the bounds, the thinking pool and the per-address limits.
    pub ctx: Arc<Context>,
    /// The games in memory (and the relays to games other nodes run).
    pub rooms: Arc<Registry>,
    /// The lobby.
    pub lobby: Arc<Lobby>,
    /// The tournaments, and this node's director of them.
    pub tournaments: Arc<Tournaments>,
}

/// The hub reads as its shared services (`hub.store`, `hub.limits`): they are what most
/// requests need.
impl Deref for Hub {
    type Target = Context;

    fn deref(&self) -> &Context {
        &self.ctx
    }
}

impl Hub {
    /// A server over `store`.
    pub fn new(store: Arc<dyn Store>, services: Arc<Services>, limits: Limits) -> Arc<Hub> {
        let ctx = Arc::new(Context::new(store, services, limits));
        let rooms = Registry::new(Arc::clone(&ctx));
        let lobby = Lobby::new(Arc::clone(&ctx), Arc::clone(&rooms));
        let tournaments = Tournaments::new(Arc::clone(&ctx));
        let hub = Arc::new(Hub {
            ctx,
            rooms,
            lobby,
            tournaments,
        });
        crate::review::spawn_worker(&hub.ctx);
        crate::rooms::deadlines::spawn_sweeper(Arc::downgrade(&hub.rooms));
        crate::rooms::backfill::spawn(&hub.ctx);
        // per-address buckets of addresses not seen for a while are dropped now and then
        if let Ok(runtime) = tokio::runtime::Handle::try_current() {
            let _entered = runtime.enter();
            hub.ctx.sanctions.spawn_refresh();
            let weak = Arc::downgrade(&hub);
            runtime.spawn(async move {
                loop {
                    tokio::time::sleep(Duration::from_secs(60)).await;
                    let Some(hub) = weak.upgrade() else { return };
                    hub.addresses.forget_idle();
                }
            });
        }
        hub
    }

    /// A restart's first half: every socket (games' and the lobby's) tells its client to come
    /// back in about `retry_ms` and closes with code 1012; waits until they have closed, or
    /// `within` has passed. The sockets still open then (a client that stopped reading).
    pub async fn close_sockets(&self, retry_ms: u64, within: Duration) -> usize {
        self.restarting.send_replace(Some(retry_ms));
        let deadline = tokio::time::Instant::now() + within;
        while self.rooms.connection_count() > 0 && tokio::time::Instant::now() < deadline {
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        self.rooms.connection_count()
    }
}
