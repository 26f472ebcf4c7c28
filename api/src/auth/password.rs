//! Password hashing with argon2id (the crate's defaults: m=19 MiB, t=2, p=1).
//!
//! Hashing takes ~20 ms of CPU and a 19 MiB block, so it runs on a few threads
//! of its own (one per core): a burst of sign-ins must never stall the async
//! workers serving other requests, more hashes at once would not finish sooner,
//! and each hashing thread reuses its allocator's block instead of every
//! blocking-pool thread keeping one resident (peak memory under sign-in load fell
//! from ~400 MB to ~100 MB; docs/benchmarks.md). A burst queues here.

use std::sync::mpsc::{self, Sender};
use std::sync::{Mutex, OnceLock};

use anyhow::Context as _;
use argon2::Argon2;
use argon2::password_hash::{PasswordHasher, PasswordVerifier};
use tokio::sync::oneshot;

type Job = Box<dyn FnOnce() + Send>;

/// Runs `work` on one of the hashing threads, started on first use.
async fn on_hashing_thread<T: Send + 'static>(
    work: impl FnOnce() -> T + Send + 'static,
) -> anyhow::Result<T> {
    static QUEUE: OnceLock<Mutex<Sender<Job>>> = OnceLock::new();
    let queue = QUEUE.get_or_init(|| {
        let (sender, receiver) = mpsc::channel::<Job>();
        let receiver = std::sync::Arc::new(Mutex::new(receiver));
        let threads = std::thread::available_parallelism().map_or(2, std::num::NonZero::get);
        for i in 0..threads {
            let receiver = receiver.clone();
            std::thread::Builder::new()
                .name(format!("password-hash-{i}"))
                .spawn(move || {
                    loop {
                        // The lock is held only while waiting for the next job.
                        let job = receiver
                            .lock()
                            .unwrap_or_else(std::sync::PoisonError::into_inner)
                            .recv();
                        match job {
                            // A panic drops the job's reply (its caller gets an error),
                            // not the thread.
                            Ok(job) => {
                                let _ = std::panic::catch_unwind(std::panic::AssertUnwindSafe(job));
                            }
                            Err(_) => return,
                        }
                    }
                })
                .expect("starting a password hashing thread");
        }
        Mutex::new(sender)
    });
    let (done, result) = oneshot::channel();
    let job: Job = Box::new(move || {
        // The caller may have gone (request cancelled); then nobody needs the answer.
        let _ = done.send(work());
    });
    queue
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
        .send(job)
        .map_err(|_| anyhow::anyhow!("Password hashing threads stopped"))?;
    result.await.context("Password hashing task failed")
}

/// Hashes `password` into a PHC string (`$argon2id$v=19$…`).
pub async fn hash(password: String) -> anyhow::Result<String> {
    on_hashing_thread(move || {
        Argon2::default()
            .hash_password(password.as_bytes())
            .map(|h| h.to_string())
            .map_err(|e| anyhow::anyhow!("argon2: {e}"))
    })
    .await?
}

/// Checks `password` against `stored`; with `None` (unknown e-mail) it checks a
/// dummy hash so that both answers take the same time.
pub async fn verify(password: String, stored: Option<String>) -> anyhow::Result<bool> {
    on_hashing_thread(move || {
        let known = stored.is_some();
        let hash = stored.unwrap_or_else(|| dummy_hash().to_string());
        let ok = Argon2::default()
            .verify_password(password.as_bytes(), hash.as_str())
            .is_ok();
        ok && known
    })
    .await
}

fn dummy_hash() -> &'static str {
    static DUMMY: OnceLock<String> = OnceLock::new();
    DUMMY.get_or_init(|| {
        Argon2::default()
            .hash_password(b"jobtap-timing-equaliser")
            .map(|h| h.to_string())
            .expect("hashing a constant cannot fail")
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn a_hash_verifies_only_its_own_password() {
        let stored = hash("correct horse".into()).await.unwrap();
        assert!(stored.starts_with("$argon2id$"));
        assert!(
            verify("correct horse".into(), Some(stored.clone()))
                .await
                .unwrap()
        );
        assert!(!verify("wrong horse".into(), Some(stored)).await.unwrap());
    }

    #[tokio::test]
    async fn an_unknown_account_never_verifies() {
        assert!(
            !verify("jobtap-timing-equaliser".into(), None)
                .await
                .unwrap()
        );
    }
}
