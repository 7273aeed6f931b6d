//! PostgreSQL's LISTEN/NOTIFY as the nodes' pub/sub: a notification is sent with the
//! transaction that makes it, in order, to every session listening on its channel.
//!
//! A payload is at most 8,000 bytes; longer messages (a frame with every seat's view of a big
//! board) go as several parts, all notified by one statement, so they are delivered together
//! and in order ([`crate::cluster::wire`] cuts and joins them).
//!
//! The listening session is a connection of its own outside the pool (a pooled connection
//! would lose its LISTENs when recycled). When it breaks (the database restarted) it is opened
//! again and listens again; what was notified meanwhile is lost, which the nodes survive:
//! their calls time out and their relays start afresh.

use super::StoreError;
use super::postgres::PostgresStore;
use futures_util::StreamExt;
use std::time::Duration;
use tokio::sync::mpsc;
use tokio_postgres::{AsyncMessage, NoTls};

/// One notification received: its channel and payload.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Notification {
    /// The channel it was sent on.
    pub channel: String,
    /// Its payload.
    pub payload: String,
}

/// How long to wait before listening again after the session broke.
const RECONNECT_AFTER: Duration = Duration::from_millis(500);

/// A channel name quoted as an SQL identifier.
fn quoted(channel: &str) -> String {
    format!("\"{}\"", channel.replace('"', "\"\""))
}

impl PostgresStore {
    /// Notifies each `(channel, payload)`, in order, in one transaction, returning once it
    /// committed (the transaction may carry other nodes' writes: see
    /// [`super::postgres_commit`]).
    pub async fn notify(&self, batch: Vec<(String, String)>) -> Result<(), StoreError> {
        self.write(super::postgres_commit::Work::Notify(batch))
            .await
    }

    /// Listens on `channels` from now on, in a session of its own, until the receiver is
    /// dropped. Fails only if the first session cannot be opened.
    pub async fn listen(
        &self,
        channels: Vec<String>,
    ) -> Result<mpsc::Receiver<Notification>, StoreError> {
        let (tx, rx) = mpsc::channel(4096);
        let session = open_session(self.config(), &channels, tx.clone()).await?;
        let config = self.config().clone();
        tokio::spawn(async move {
            let mut session = Some(session);
            loop {
                if let Some(s) = session.take() {
                    let _ = s.await;
                }
                if tx.is_closed() {
                    return;
                }
                tracing::warn!("the notification session broke: listening again");
                tokio::time::sleep(RECONNECT_AFTER).await;
                match open_session(&config, &channels, tx.clone()).await {
                    Ok(s) => session = Some(s),
                    Err(e) => tracing::error!("listening for notifications: {e}"),
                }
            }
        });
        Ok(rx)
    }
}

/// Opens a session, listens on `channels` and forwards its notifications to `tx`; the
/// returned task ends when the session does.
async fn open_session(
    config: &tokio_postgres::Config,
    channels: &[String],
    tx: mpsc::Sender<Notification>,
) -> Result<tokio::task::JoinHandle<()>, StoreError> {
    let (client, mut connection) = config.connect(NoTls).await?;
    let mut messages = futures_util::stream::poll_fn(move |cx| connection.poll_message(cx));
    let (ready_tx, ready_rx) = tokio::sync::oneshot::channel::<tokio_postgres::Client>();
    let task = tokio::spawn(async move {
        // the client lives as long as the session (dropping it would end the session)
        let mut client = None;
        let mut ready = Some(ready_rx);
        loop {
            tokio::select! {
                message = messages.next() => match message {
                    Some(Ok(AsyncMessage::Notification(n))) => {
                        let n = Notification {
                            channel: n.channel().to_string(),
                            payload: n.payload().to_string(),
                        };
                        if tx.send(n).await.is_err() {
                            return;
                        }
                    }
                    Some(Ok(_)) => {}
                    Some(Err(e)) => {
                        tracing::warn!("notification session: {e}");
                        return;
                    }
                    None => return,
                },
                c = async { ready.as_mut().expect("polled only while set").await },
                    if ready.is_some() =>
                {
                    ready = None;
                    client = c.ok();
                }
            }
            let _ = &client;
        }
    });
    let listen: String = channels
        .iter()
        .map(|c| format!("LISTEN {};", quoted(c)))
        .collect();
    client.batch_execute(&listen).await?;
    let _ = ready_tx.send(client);
    Ok(task)
}

#[cfg(test)]
mod tests {
    use super::quoted;

    #[test]
    fn a_channel_is_quoted_as_an_identifier() {
        assert_eq!(quoted("tabula_node_a"), "\"tabula_node_a\"");
        assert_eq!(quoted("a\"b"), "\"a\"\"b\"");
    }
}
