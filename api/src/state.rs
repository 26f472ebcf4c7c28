//! What every handler can reach: the database, the configuration and the clock.

use std::sync::Arc;

use crate::ai::engine::AiEngine;
use crate::auth::tokens::TokenKeys;
use crate::clock::Clock;
use crate::config::Config;
use crate::db::Db;
use crate::employer::derived::DerivedCache;
use crate::feed::cards::CardCache;
use crate::storage::Storage;

/// Shared, cheaply cloned application state.
#[derive(Clone, Debug)]
pub struct AppState(Arc<Inner>);

#[derive(Debug)]
pub struct Inner {
    pub db: Db,
    pub config: Config,
    pub clock: Arc<dyn Clock>,
    pub tokens: TokenKeys,
    pub storage: Arc<dyn Storage>,
    /// The AI engine the configuration chose.
    pub ai: Arc<dyn AiEngine>,
    /// Serialized feed cards shared by every reader.
    pub cards: CardCache,
    /// The employer dashboard's figures, kept while their stamp holds.
    pub derived: DerivedCache,
    /// The public feeds' answers, kept for a minute (`crate::listings`).
    pub listings: crate::listings::cache::FeedCache,
    /// Wakes the e-mail sender when a message is queued ([`AppState::mail_queued`]).
    pub mail_wake: Arc<tokio::sync::Notify>,
}

impl AppState {
    pub fn new(
        db: Db,
        config: Config,
        clock: Arc<dyn Clock>,
        tokens: TokenKeys,
        storage: Arc<dyn Storage>,
        ai: Arc<dyn AiEngine>,
    ) -> Self {
        Self(Arc::new(Inner {
            db,
            config,
            clock,
            tokens,
            storage,
            ai,
            cards: CardCache::default(),
            derived: DerivedCache::default(),
            listings: crate::listings::cache::FeedCache::default(),
            mail_wake: Arc::new(tokio::sync::Notify::new()),
        }))
    }

    /// Tells the e-mail sender that a committed change queued a message.
    pub fn mail_queued(&self) {
        self.0.mail_wake.notify_one();
    }

    /// The current time in epoch milliseconds.
    pub fn now_ms(&self) -> i64 {
        self.0.clock.now_ms()
    }

    /// Writes audit event `event`, done now by `actor` to `subject`, with `detail` when there
    /// is more to keep; a failure to write it is logged and never fails the request.
    pub async fn audit(
        &self,
        event: &str,
        actor: &str,
        subject: &str,
        detail: Option<serde_json::Value>,
    ) {
        let event = crate::audit::Event {
            event,
            actor_id: Some(actor),
            subject: Some(subject),
            detail,
            ..Default::default()
        };
        crate::audit::record(&self.db, self.now_ms(), event).await;
    }

    /// [`Self::audit`] for a committed change that may have queued e-mail: wakes the e-mail
    /// sender first.
    pub async fn audit_with_mail(
        &self,
        event: &str,
        actor: &str,
        subject: &str,
        detail: Option<serde_json::Value>,
    ) {
        self.mail_queued();
        self.audit(event, actor, subject, detail).await;
    }
}

impl std::ops::Deref for AppState {
    type Target = Inner;
    fn deref(&self) -> &Inner {
        &self.0
    }
}
