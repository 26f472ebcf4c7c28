//! A request dropped while its transaction's `BEGIN` is in flight (the client hung up)
//! must not leave the pooled connection inside that transaction, where the next
//! borrowers' writes would never commit (transact-rs/sqlx#4393).

use std::future::Future as _;
use std::pin::pin;
use std::task::{Context, Waker};

use sqlx::Connection as _;
use sqlx::postgres::{PgConnection, PgPoolOptions};

use crate::support::postgres;

#[tokio::test]
async fn a_dropped_begin_leaves_no_transaction_open_on_the_pooled_connection() {
    let url = postgres::fresh_database(&postgres::base()).await;
    // One connection, so the next query gets the very connection the BEGIN went out on.
    let pool = PgPoolOptions::new()
        .max_connections(1)
        .connect(&url)
        .await
        .unwrap();
    let mut observer = PgConnection::connect(&url).await.unwrap();
    sqlx::query("CREATE TABLE written (round BIGINT)")
        .execute(&mut observer)
        .await
        .unwrap();
    for round in 0..10_i64 {
        {
            let mut begin = pin!(jobtap_api::db::begin(&pool));
            let mut cx = Context::from_waker(Waker::noop());
            // Polled by hand until the server has run the BEGIN (its answer not yet read),
            // then dropped: the caller is gone, as when a client hangs up.
            for _ in 0..1_000 {
                if begin.as_mut().poll(&mut cx).is_ready() {
                    break;
                }
                let server_ran_it: bool = sqlx::query_scalar(
                    "SELECT EXISTS (SELECT 1 FROM pg_stat_activity WHERE datname = current_database() \
                     AND pid <> pg_backend_pid() AND state = 'idle in transaction')",
                )
                .fetch_one(&mut observer)
                .await
                .unwrap();
                if server_ran_it {
                    break;
                }
                tokio::task::yield_now().await;
            }
        }
        // A write on the pool, then read from another connection: inside a transaction
        // left open, it would not be committed, so not seen.
        sqlx::query("INSERT INTO written (round) VALUES ($1)")
            .bind(round)
            .execute(&pool)
            .await
            .unwrap();
        let seen: i64 = sqlx::query_scalar("SELECT count(*) FROM written")
            .fetch_one(&mut observer)
            .await
            .unwrap();
        assert_eq!(
            seen,
            round + 1,
            "round {round}: the write was not committed"
        );
    }
    pool.close().await;
}
