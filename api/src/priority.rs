//! CPU priority: a sign-in's password hash ahead of bulk request work.
//!
//! On a busy server a sign-in waits for ~20 ms of argon2id CPU, shared fairly with
//! every thread serving the feed; at 40 sign-ins a second beside a saturating feed its
//! p99 was 126 ms. The hashing threads keep the default priority and everything else
//! runs below it, so a hash gets a core when it needs one while the feed,
//! being ~0.2 ms a request, barely notices (figures in docs/benchmarks.md).

/// How far request work sits below the hashing threads: at a nice value of 10 a hash
/// gets about nine times a request thread's share of a core both want. At 5 (three
/// times) the sign-in p99 beside the feed was 76–88 ms, at 10 it was 55 ms, with the
/// feed's p99 unchanged (~15 ms).
pub const REQUEST_NICE: i32 = 10;

/// Starts the password hashing threads at the current priority, then lowers the
/// calling thread's priority by [`REQUEST_NICE`]. Linux keeps a nice value per thread
/// and a new thread inherits its creator's, so this must run on the main thread before
/// the async runtime starts: its workers, its blocking pool and SQLite's connection
/// threads then all inherit the lower priority.
pub fn favour_password_hashing() {
    crate::auth::password::start_hashing_threads();
    // Lowering one's own priority needs no privilege; if a sandbox refuses it anyway,
    // the server still works, only sign-ins are slower under load.
    if let Err(err) = rustix::process::nice(REQUEST_NICE) {
        tracing::warn!("Could not lower the request threads' priority: {err}");
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
    fn request_threads_run_below_the_hashing_threads() {
        // On a thread of its own: the test harness's threads keep their priority.
        let (before, after, spawned) = std::thread::spawn(|| {
            let before = rustix::process::getpriority_process(None).unwrap();
            favour_password_hashing();
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
        let hashing = nice_of_threads("password-hash");
        assert!(!hashing.is_empty());
        assert!(
            hashing.iter().all(|&nice| nice < after),
            "{hashing:?} vs {after}"
        );
    }
}
