//! Password hashing with argon2id (the crate's defaults: m=19 MiB, t=2, p=1).
//!
//! Hashing takes ~20 ms of CPU and a 19 MiB block, so it runs on a few threads
//! of its own (one per core): a burst of sign-ins must never stall the async
//! workers serving other requests, more hashes at once would not finish sooner,
//! and each hashing thread keeps one work area for all its hashes instead of every
//! blocking-pool thread keeping one resident (peak memory under sign-in load fell
//! from ~400 MB to ~80 MB; docs/benchmarks.md). A burst queues here. The threads
//! run at a higher priority than request work (`crate::priority`).

use std::cell::RefCell;
use std::sync::mpsc::{self, Sender};
use std::sync::{Mutex, OnceLock};

use anyhow::Context as _;
use argon2::password_hash::phc::{Output, ParamsString, PasswordHash, Salt};
use argon2::{Algorithm, Argon2, Block, Params, Version};
use tokio::sync::oneshot;

type Job = Box<dyn FnOnce() + Send>;

/// Starts the hashing threads now rather than on first use.
///
/// The server calls this before it lowers its own priority (see `main.rs`): the
/// threads inherit the priority of the thread that starts them, and a sign-in's
/// ~20 ms of hashing then wins the CPU over bulk request work, so its latency stays
/// low while the feed is busy (docs/decisions.md, "Sign-in under load").
pub fn start_hashing_threads() {
    queue();
}

fn queue() -> &'static Mutex<Sender<Job>> {
    static QUEUE: OnceLock<Mutex<Sender<Job>>> = OnceLock::new();
    QUEUE.get_or_init(|| {
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
    })
}

/// Runs `work` on one of the hashing threads, started on first use.
async fn on_hashing_thread<T: Send + 'static>(
    work: impl FnOnce() -> T + Send + 'static,
) -> anyhow::Result<T> {
    let (done, result) = oneshot::channel();
    let job: Job = Box::new(move || {
        // The caller may have gone (request cancelled); then nobody needs the answer.
        let _ = done.send(work());
    });
    queue()
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
        .send(job)
        .map_err(|_| anyhow::anyhow!("Password hashing threads stopped"))?;
    result.await.context("Password hashing task failed")
}

/// Hashes `password` into a PHC string (`$argon2id$v=19$…`).
pub async fn hash(password: String) -> anyhow::Result<String> {
    on_hashing_thread(move || hash_now(password.as_bytes())).await?
}

/// Checks `password` against `stored`; with `None` (unknown e-mail) it checks a
/// dummy hash so that both answers take the same time.
pub async fn verify(password: String, stored: Option<String>) -> anyhow::Result<bool> {
    on_hashing_thread(move || {
        let known = stored.is_some();
        let hash = stored.unwrap_or_else(|| dummy_hash().to_string());
        verify_now(password.as_bytes(), &hash) && known
    })
    .await
}

/// The argon2 work area of this thread, kept between hashes.
///
/// The crate's own `hash_password` allocates and frees a 19 MiB block per call, and
/// the allocator kept the freed blocks of idle hashing threads: resident memory grew
/// by ~50 MB over three sign-ins. One block per hashing thread, reused, bounds it at
/// 19 MiB a thread. Each hash overwrites every block before reading it, so nothing of
/// one password reaches the next hash.
fn with_memory<T>(params: &Params, work: impl FnOnce(&mut [Block]) -> T) -> T {
    thread_local! {
        static MEMORY: RefCell<Vec<Block>> = const { RefCell::new(Vec::new()) };
    }
    MEMORY.with_borrow_mut(|memory| {
        let blocks = params.block_count();
        if memory.len() < blocks {
            *memory = vec![Block::default(); blocks];
        }
        work(&mut memory[..blocks])
    })
}

/// A new argon2id hash with the crate's default (OWASP minimum) parameters and a
/// random 16-byte salt, as the crate's `hash_password` makes it.
fn hash_now(password: &[u8]) -> anyhow::Result<String> {
    fn argon(e: impl std::fmt::Display) -> anyhow::Error {
        anyhow::anyhow!("argon2: {e}")
    }
    let params = Params::default();
    let salt: [u8; 16] = rand::random();
    let mut output = [0u8; Params::DEFAULT_OUTPUT_LEN];
    with_memory(&params, |memory| {
        Argon2::new(Algorithm::Argon2id, Version::V0x13, params.clone())
            .hash_password_into_with_memory(password, &salt, &mut output, memory)
    })
    .map_err(argon)?;
    let hash = PasswordHash {
        algorithm: Algorithm::Argon2id.ident(),
        version: Some(Version::V0x13.into()),
        params: ParamsString::try_from(&params).map_err(argon)?,
        salt: Some(Salt::new(&salt).map_err(argon)?),
        hash: Some(Output::new(&output).map_err(argon)?),
    };
    Ok(hash.to_string())
}

/// Whether `password` matches the PHC string `stored`, with the algorithm, version
/// and parameters it records (so older hashes keep verifying if the defaults change).
fn verify_now(password: &[u8], stored: &str) -> bool {
    let Ok(parsed) = PasswordHash::new(stored) else {
        return false;
    };
    let (Some(salt), Some(expected)) = (&parsed.salt, &parsed.hash) else {
        return false;
    };
    let (Ok(algorithm), Ok(version), Ok(params)) = (
        Algorithm::try_from(parsed.algorithm.as_str()),
        Version::try_from(parsed.version.unwrap_or(Version::V0x13.into())),
        Params::try_from(&parsed),
    ) else {
        return false;
    };
    let mut output = vec![0u8; expected.len()];
    let hashed = with_memory(&params, |memory| {
        Argon2::new(algorithm, version, params.clone()).hash_password_into_with_memory(
            password,
            salt,
            &mut output,
            memory,
        )
    });
    // `Output`'s equality is constant-time.
    hashed.is_ok() && Output::new(&output).is_ok_and(|computed| &computed == expected)
}

fn dummy_hash() -> &'static str {
    static DUMMY: OnceLock<String> = OnceLock::new();
    DUMMY.get_or_init(|| {
        hash_now(b"jobtap-timing-equaliser").expect("hashing a constant cannot fail")
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

    #[test]
    fn hashes_interoperate_with_the_crates_own_hasher_and_verifier() {
        use argon2::password_hash::{PasswordHasher, PasswordVerifier};
        // Stored before the work area was reused: made by the crate's own hasher.
        let theirs = Argon2::default()
            .hash_password(b"correct horse")
            .unwrap()
            .to_string();
        assert!(verify_now(b"correct horse", &theirs));
        assert!(!verify_now(b"correct horsf", &theirs));
        let ours = hash_now(b"correct horse").unwrap();
        assert!(
            ours.starts_with("$argon2id$v=19$m=19456,t=2,p=1$"),
            "{ours}"
        );
        Argon2::default()
            .verify_password(b"correct horse", ours.as_str())
            .unwrap();
        assert!(
            Argon2::default()
                .verify_password(b"wrong horse", ours.as_str())
                .is_err()
        );
        // Other recorded parameters are honoured, and reuse a smaller part of the area.
        let small = Argon2::new(
            Algorithm::Argon2id,
            Version::V0x13,
            Params::new(8 * 1024, 3, 1, None).unwrap(),
        )
        .hash_password(b"pw")
        .unwrap()
        .to_string();
        assert!(verify_now(b"pw", &small));
        assert!(!verify_now(
            b"pw",
            "$argon2id$v=19$m=19456,t=2,p=1$bm90LWEtaGFzaA"
        ));
        assert!(!verify_now(b"pw", "not a PHC string"));
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
