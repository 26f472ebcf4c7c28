//! The rounds of the scheduled e-mails (alert digests, new-applicant batches, daily summaries):
//! each looks for due work now and then every tick; each item is handled on its own (one that
//! fails is logged and tried at the next round), and the sender is woken once if any queued.

use std::future::Future;
use std::time::Duration;

use crate::state::AppState;

/// Handles each of `items` with `one` (true: it queued a message); returns how many queued.
pub async fn round<'a, T, Fut>(
    state: &AppState,
    what: &'static str,
    items: &'a [T],
    key: impl Fn(&'a T) -> &'a str,
    one: impl Fn(&'a T) -> Fut,
) -> usize
where
    Fut: Future<Output = anyhow::Result<bool>>,
{
    let mut queued = 0;
    for item in items {
        match one(item).await {
            Ok(true) => queued += 1,
            Ok(false) => {}
            Err(err) => {
                tracing::warn!(error = %err, what, item = key(item), "scheduled e-mail not queued; tried again at the next round");
            }
        }
    }
    if queued > 0 {
        state.mail_queued();
    }
    queued
}

/// Runs `look` now and then every `tick`, until the task is aborted.
pub async fn every<Fut>(tick: Duration, what: &'static str, look: impl Fn() -> Fut)
where
    Fut: Future<Output = anyhow::Result<usize>>,
{
    loop {
        if let Err(err) = look().await {
            tracing::warn!(error = %err, what, "scheduled e-mails could not be looked at; tried again later");
        }
        tokio::time::sleep(tick).await;
    }
}
