//! Building and running the server: connect, migrate, load demo content, bind.

use std::future::Future;
use std::net::SocketAddr;
use std::sync::Arc;

use anyhow::Context as _;
use tokio::net::TcpListener;

use crate::auth::tokens::TokenKeys;
use crate::clock::{Clock, SystemClock};
use crate::config::Config;
use crate::db::Db;
use crate::state::AppState;

/// How often a running server looks for orphan files (crashes between writing a
/// file and committing its row, on any instance).
const ORPHAN_CLEAN_UP_EVERY: std::time::Duration = std::time::Duration::from_secs(600);

fn orphan_grace_ms(config: &Config) -> i64 {
    i64::try_from(config.storage.orphan_grace_secs.saturating_mul(1000)).unwrap_or(i64::MAX)
}

/// The start-up work that must happen once however many instances start together: the
/// duplicate-key and match-term backfills and the demo content. Instances take turns (see
/// [`Db::startup_turn`]); the one that comes second finds the work done.
async fn seed_once(state: &AppState) -> anyhow::Result<()> {
    tracing::debug!("waiting for the start-up lock");
    let turn = state.db.startup_turn().await?;
    let keyed = crate::jobs::store::backfill_duplicate_keys(&state.db)
        .await
        .context("Failed to key the jobs posted before duplicate keys")?;
    if keyed > 0 {
        tracing::info!(jobs = keyed, "keyed earlier jobs for duplicate detection");
    }
    let indexed = crate::jobs::match_terms::backfill(&state.db)
        .await
        .context("Failed to index the jobs' match terms")?;
    if indexed > 0 {
        tracing::info!(jobs = indexed, "indexed jobs' match terms for Best match");
    }
    if state.config.demo {
        let added = crate::demo::load_if_empty(state).await?;
        if added > 0 {
            tracing::info!(jobs = added, "loaded demo content");
        }
    }
    // The work is done; a failed unlock only delays the next instance until this connection
    // closes, which dropping it does.
    if let Err(err) = turn.end().await {
        tracing::warn!(error = %err, "could not release the start-up lock cleanly");
    }
    Ok(())
}

/// A server bound to its port, ready to run.
pub struct Application {
    listener: TcpListener,
    addr: SocketAddr,
    state: AppState,
}

impl Application {
    /// Connects to the database, runs migrations, loads demo content and binds the listener.
    pub async fn build(config: Config) -> anyhow::Result<Self> {
        Self::build_with_clock(config, Arc::new(SystemClock)).await
    }

    /// [`Application::build`] with a chosen clock (tests move time forward).
    pub async fn build_with_clock(config: Config, clock: Arc<dyn Clock>) -> anyhow::Result<Self> {
        #[cfg(feature = "test-hooks")]
        crate::test_pause::install(config.test_pause_at.as_deref());
        let db = Db::connect(&config.database_url, config.db_max_connections).await?;
        db.migrate().await?;
        let listener = TcpListener::bind(config.addr)
            .await
            .with_context(|| format!("Failed to listen on {}", config.addr))?;
        let addr = listener.local_addr()?;
        let tokens = TokenKeys::load_or_create(config.token_secret.as_deref(), &config.data_dir)?;
        let storage = crate::storage::open(&config.storage.backend)?;
        // Only files older than the grace: another instance may have just written one
        // whose row is not committed yet.
        let removed = crate::storage::remove_orphans(&*storage, &db, orphan_grace_ms(&config))
            .await
            .with_context(|| {
                format!(
                    "Failed to list the files in {} for the orphan clean-up",
                    config.storage.backend.url()
                )
            })?;
        if removed > 0 {
            tracing::warn!(
                files = removed,
                "removed stored files that had no database row"
            );
        }
        let ai = crate::ai::engine::from_config(&config.ai)?;
        let state = AppState::new(db, config, clock, tokens, storage, ai);
        seed_once(&state).await?;
        Ok(Self {
            listener,
            addr,
            state,
        })
    }

    /// The port actually bound (useful with port 0).
    pub fn port(&self) -> u16 {
        self.addr.port()
    }

    /// The address actually bound.
    pub fn addr(&self) -> SocketAddr {
        self.addr
    }

    /// The shared state, for commands that run beside the server.
    pub fn state(&self) -> &AppState {
        &self.state
    }

    /// Serves until `shutdown` resolves, then finishes in-flight requests and closes the pool.
    pub async fn run_until(self, shutdown: impl Future<Output = ()> + Send + 'static) {
        let clean_up = tokio::spawn(crate::storage::remove_orphans_periodically(
            self.state.storage.clone(),
            self.state.db.clone(),
            orphan_grace_ms(&self.state.config),
            ORPHAN_CLEAN_UP_EVERY,
        ));
        let mail = tokio::spawn(crate::mail::sender::run(
            self.state.db.clone(),
            self.state.config.mail.clone(),
            self.state.clock.clone(),
            self.state.mail_wake.clone(),
        ));
        let exports = tokio::spawn(crate::accounts::export::remove_expired_periodically(
            self.state.clone(),
        ));
        let released = tokio::spawn(crate::employer::retention::release_periodically(
            self.state.clone(),
        ));
        let mut scheduled = Vec::new();
        if self.state.config.mail.scheduled {
            scheduled.push(tokio::spawn(crate::alerts::digest::run(self.state.clone())));
            scheduled.push(tokio::spawn(crate::notifications::applicants::run(
                self.state.clone(),
            )));
            scheduled.push(tokio::spawn(crate::notifications::summary::run(
                self.state.clone(),
            )));
        }
        let routes = crate::routes::routes(&self.state);
        warp::serve(routes)
            .incoming(self.listener)
            .graceful(shutdown)
            .run()
            .await;
        clean_up.abort();
        exports.abort();
        released.abort();
        mail.abort();
        for task in scheduled {
            task.abort();
        }
        self.state.db.close().await;
    }

    /// Serves until Ctrl-C or SIGTERM (see [`shutdown_signal`]).
    pub async fn run_until_stopped(self) {
        self.run_until(shutdown_signal()).await;
    }
}

/// Resolves when `sig` (if installed) is received; never otherwise.
#[cfg(unix)]
async fn received(sig: Option<&mut tokio::signal::unix::Signal>) {
    match sig {
        Some(sig) => {
            sig.recv().await;
        }
        None => std::future::pending::<()>().await,
    }
}

/// Resolves on Ctrl-C or SIGTERM; call it inside the runtime. The handlers are installed by this call, not on the future's
/// first poll: the server polls it between accepts, so a SIGTERM sent right after the first
/// answer could otherwise meet the default action and kill the process mid-request.
pub fn shutdown_signal() -> impl Future<Output = ()> + Send + 'static {
    #[cfg(unix)]
    let (mut term, mut interrupt) = {
        use tokio::signal::unix::{SignalKind, signal};
        (
            signal(SignalKind::terminate()).ok(),
            signal(SignalKind::interrupt()).ok(),
        )
    };
    #[cfg(unix)]
    if term.is_none() && interrupt.is_none() {
        tracing::warn!("no signal handler could be installed: stop the server with SIGKILL");
    }
    async move {
        #[cfg(unix)]
        {
            tokio::select! {
                () = received(term.as_mut()) => {},
                () = received(interrupt.as_mut()) => {},
            }
        }
        #[cfg(not(unix))]
        {
            let _ = tokio::signal::ctrl_c().await;
        }
        tracing::info!("shutting down");
    }
}
