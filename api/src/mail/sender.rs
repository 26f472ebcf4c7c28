//! The sender task: claims due messages from the outbox, delivers them and marks them.

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

use lettre::address::Envelope;
use lettre::{AsyncSmtpTransport, AsyncTransport, Tokio1Executor};
use tokio::sync::Notify;

use crate::clock::Clock;
use crate::db::Db;

use super::config::{Delivery, MailConfig};
use super::outbox::{self, Claimed};

/// How many messages one claim takes.
const BATCH: i64 = 20;
/// How often the outbox is looked at when nothing wakes the sender (retries fall due, other
/// instances queue).
const POLL: Duration = Duration::from_secs(2);

/// Where a message is handed over.
enum Transport {
    Smtp(AsyncSmtpTransport<Tokio1Executor>),
    Outbox(PathBuf),
}

/// Why a hand-over failed, and whether trying again can help.
struct Failure {
    /// The server refused the message itself (a 5xx answer, an address it cannot carry).
    permanent: bool,
    reason: String,
}

impl Transport {
    fn open(config: &MailConfig) -> anyhow::Result<Self> {
        Ok(match &config.delivery {
            Delivery::Smtp(url) => {
                // Each SMTP step gives up well inside the claim, so a hanging server cannot
                // keep a message past its hold and let another sender send it too.
                let step = Duration::from_millis(u64::try_from(config.claim_ms / 4).unwrap_or(1))
                    .min(Duration::from_secs(30));
                Self::Smtp(
                    AsyncSmtpTransport::<Tokio1Executor>::from_url(url)?
                        .timeout(Some(step))
                        .build(),
                )
            }
            Delivery::Outbox(dir) => Self::Outbox(dir.clone()),
        })
    }

    async fn deliver(&self, from: &str, message: &Claimed) -> Result<(), Failure> {
        match self {
            Self::Smtp(smtp) => {
                let envelope = match (from.parse(), message.recipient.parse()) {
                    (Ok(from), Ok(to)) => Envelope::new(Some(from), vec![to]),
                    _ => {
                        return Err(Failure {
                            permanent: true,
                            reason: "not an e-mail address".into(),
                        });
                    }
                }
                .map_err(|err| Failure {
                    permanent: true,
                    reason: err.to_string(),
                })?;
                smtp.send_raw(&envelope, &message.message)
                    .await
                    .map_err(|err| Failure {
                        permanent: err.is_permanent(),
                        reason: err.to_string(),
                    })?;
            }
            Self::Outbox(dir) => {
                let path = write_eml(dir, &message.id, &message.message)
                    .await
                    .map_err(|err| Failure {
                        permanent: false,
                        reason: err.to_string(),
                    })?;
                tracing::info!(subject = %message.subject, file = %path.display(), "e-mail written to the outbox folder (no JOBTAP_SMTP_URL set)");
            }
        }
        Ok(())
    }
}

/// Writes `<id>.eml` whole or not at all: a second try after a crash writes the same file again.
async fn write_eml(dir: &Path, id: &str, bytes: &[u8]) -> std::io::Result<PathBuf> {
    tokio::fs::create_dir_all(dir).await?;
    let path = dir.join(format!("{id}.eml"));
    let part = dir.join(format!(".{id}.eml.part"));
    tokio::fs::write(&part, bytes).await?;
    tokio::fs::rename(&part, &path).await?;
    Ok(path)
}

/// Delivers queued messages until the task is aborted. `wake` is notified when a message is
/// queued, so it leaves at once; the poll catches retries and other instances' messages.
pub async fn run(db: Db, config: MailConfig, clock: Arc<dyn Clock>, wake: Arc<Notify>) {
    let transport = match Transport::open(&config) {
        Ok(transport) => transport,
        Err(err) => {
            tracing::error!(error = %err, "e-mail cannot be sent: the SMTP settings were refused");
            return;
        }
    };
    let from = config.from.email.to_string();
    loop {
        let claimed = match outbox::claim(&db, clock.now_ms(), config.claim_ms, BATCH).await {
            Ok(claimed) => claimed,
            Err(err) => {
                tracing::warn!(error = %err, "could not read the e-mail outbox");
                Vec::new()
            }
        };
        let full = i64::try_from(claimed.len()).unwrap_or(0) == BATCH;
        for message in claimed {
            send_one(&db, &*clock, config.claim_ms, &transport, &from, &message).await;
        }
        if !full {
            tokio::select! {
                () = wake.notified() => {}
                () = tokio::time::sleep(POLL) => {}
            }
        }
    }
}

async fn send_one(
    db: &Db,
    clock: &dyn Clock,
    claim_ms: i64,
    transport: &Transport,
    from: &str,
    message: &Claimed,
) {
    #[cfg(feature = "test-hooks")]
    crate::test_pause::at("mail_before_send", &message.id).await;
    // The batch's hold may have run out while earlier messages were sent: renewed, or left
    // to the sender that has it now.
    match outbox::renew(db, message, clock.now_ms(), claim_ms).await {
        Ok(true) => {}
        Ok(false) => return,
        Err(err) => {
            tracing::warn!(error = %err, id = %message.id, "could not renew an e-mail's claim; it is left for later");
            return;
        }
    }
    match transport.deliver(from, message).await {
        Ok(()) => {
            if let Err(err) = outbox::mark_sent(db, message, clock.now_ms()).await {
                tracing::warn!(error = %err, id = %message.id, "e-mail sent but not marked; once its claim runs out it may be sent again");
            }
        }
        Err(failure) => {
            let attempt = message.attempts + 1;
            let give_up = failure.permanent || attempt >= outbox::MAX_ATTEMPTS;
            if give_up {
                tracing::error!(error = %failure.reason, id = %message.id, attempt, "e-mail not delivered and not tried again");
            } else {
                tracing::warn!(error = %failure.reason, id = %message.id, attempt, "e-mail not delivered; it will be tried again");
            }
            let retry_at = clock.now_ms() + outbox::back_off_ms(message.attempts);
            if let Err(err) =
                outbox::mark_failed(db, message, retry_at, give_up, &failure.reason).await
            {
                tracing::warn!(error = %err, id = %message.id, "could not record a failed e-mail; it is tried again once its claim runs out");
            }
        }
    }
}
