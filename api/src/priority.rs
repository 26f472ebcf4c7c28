//! CPU priority: a sign-in ahead of bulk request work.
//!
//! On a busy server a sign-in's argon2id hashing would share the CPU fairly with every
//! thread serving the feed, and its latency would grow with the load. The hashing threads
//! and the sign-in threads keep the default priority and everything else runs below it, so
//! a sign-in gets a core when it needs one while the feed, whose requests are short,
//! barely notices (figures in docs/benchmarks.md).

use std::future::Future;
use std::sync::OnceLock;

use warp::reply::{Reply as _, Response};

use crate::error::ApiError;

/// How far request work sits below the hashing threads: at a nice value of 10 a hash
/// gets about nine times a request thread's share of a core both want; 5 (three times)
/// left sign-ins slower beside the feed, and the feed's own latency is the same at both.
pub const REQUEST_NICE: i32 = 10;

/// The runtime that runs sign-in, sign-up and token refresh, once started.
static SIGN_IN_RUNTIME: OnceLock<tokio::runtime::Runtime> = OnceLock::new();

/// Starts the password hashing threads and the sign-in runtime at the current
/// priority, then lowers the calling thread's priority by [`REQUEST_NICE`]. Linux keeps
/// a nice value per thread and a new thread inherits its creator's, so this must run
/// on the main thread before the main runtime starts: its workers, its blocking pool
/// and SQLite's connection threads then all inherit the lower priority.
pub fn favour_sign_in() {
    crate::auth::password::start_hashing_threads();
    SIGN_IN_RUNTIME.get_or_init(|| {
        // One worker: a sign-in's own work between its waits is a few microseconds.
        tokio::runtime::Builder::new_multi_thread()
            .worker_threads(1)
            .thread_name("sign-in")
            .enable_all()
            .build()
            .expect("starting the sign-in runtime")
    });
    // Lowering one's own priority needs no privilege; if a sandbox refuses it anyway,
    // the server still works, only sign-ins are slower under load.
    if let Err(err) = rustix::process::nice(REQUEST_NICE) {
        tracing::warn!("Could not lower the request threads' priority: {err}");
    }
}

/// Runs `work` (a sign-in, sign-up or refresh) on the sign-in runtime when the server
/// started one, else here (tests that build the app without [`favour_sign_in`]).
///
/// On the main runtime, each time a sign-in's database trip or hash finished, its task
/// queued behind the feed's tasks on a worker that runs at the lower priority: five
/// such waits a sign-in. On a runtime of its own, at the default priority, it is
/// picked up at once (docs/benchmarks.md). A sign-in started there runs to
/// its end even if the client hangs up, like a request whose answer was on its way.
pub async fn on_sign_in_runtime(work: impl Future<Output = Response> + Send + 'static) -> Response {
    match SIGN_IN_RUNTIME.get() {
        Some(runtime) => runtime.spawn(work).await.unwrap_or_else(|err| {
            ApiError::Internal(anyhow::anyhow!("sign-in task failed: {err}")).into_response()
        }),
        None => work.await,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The nice value of each of this process's threads named `name…`.
    fn nice_of_threads(name: &str) -> Vec<i32> {
        std::fs::read_dir("/proc/self/task")
            .unwrap()
            .filter_map(|task| {
                let path = task.unwrap().path();
                let comm = std::fs::read_to_string(path.join("comm")).ok()?;
                if !comm.starts_with(name) {
                    return None;
                }
                let stat = std::fs::read_to_string(path.join("stat")).ok()?;
                // Fields after the parenthesised name: state is field 3, nice field 19.
                let after_name = &stat[stat.rfind(')')? + 2..];
                after_name.split(' ').nth(16)?.parse().ok()
            })
            .collect()
    }

    #[test]
    fn request_threads_run_below_the_hashing_and_sign_in_threads() {
        // On a thread of its own: the test harness's threads keep their priority.
        let (before, after, spawned) = std::thread::spawn(|| {
            let before = rustix::process::getpriority_process(None).unwrap();
            favour_sign_in();
            let after = rustix::process::getpriority_process(None).unwrap();
            let spawned =
                std::thread::spawn(|| rustix::process::getpriority_process(None).unwrap())
                    .join()
                    .unwrap();
            (before, after, spawned)
        })
        .join()
        .unwrap();
        assert_eq!(after, (before + REQUEST_NICE).min(19));
        assert_eq!(
            spawned, after,
            "a thread started later inherits the lower priority"
        );
        let (ran_on, name) = std::sync::mpsc::channel();
        let answer = tokio::runtime::Builder::new_current_thread()
            .build()
            .unwrap()
            .block_on(on_sign_in_runtime(async move {
                let name = std::thread::current().name().map(str::to_owned);
                ran_on.send(name).unwrap();
                warp::http::StatusCode::NO_CONTENT.into_response()
            }));
        assert_eq!(answer.status(), warp::http::StatusCode::NO_CONTENT);
        assert_eq!(name.recv().unwrap().as_deref(), Some("sign-in"));
        for name in ["password-hash", "sign-in"] {
            let favoured = nice_of_threads(name);
            assert!(!favoured.is_empty(), "no {name} thread");
            assert!(
                favoured.iter().all(|&nice| nice < after),
                "{name}: {favoured:?} vs {after}"
            );
        }
    }
}
