//! PostgreSQL stopped under traffic: every request answers 503 with the JSON error body within
//! a few seconds while it is down, and the same server process recovers once it is back.

use std::time::{Duration, Instant};

use serde_json::{Value, json};

use crate::harness::{PASSWORD, Server, Target};
use crate::private_pg::PrivatePostgres;

const EMAIL: &str = "outage@example.com";
/// The client gives up after this: an answer within it is the "fails fast" assertion.
const FAST: Duration = Duration::from_secs(5);

#[tokio::test]
async fn postgres_outage_answers_503_fast_and_the_server_recovers_by_itself() {
    let pg = PrivatePostgres::start();
    let target = Target::with_url(pg.url(), tempfile::tempdir().expect("temp dir"));
    let server = target.start(&[]).await;
    let (_, token) = server.sign_up(EMAIL, false).await;
    for _ in 0..3 {
        assert_eq!(feed(&server, &token).await.0, 200);
        assert_eq!(sign_in(&server).await.0, 200);
    }
    assert_eq!(probe(&server, "/api/v1/ready").await.0, 200);

    pg.stop_immediately();
    // Three rounds at once, as traffic keeps coming in an outage: each request waits out the
    // pool's connect timeout, so the rounds in turn would wait it out six times.
    let rounds = futures_util::future::join_all((0..3).map(|_| async {
        let (listed, signed_in) = tokio::join!(feed(&server, &token), sign_in(&server));
        [("feed", listed), ("sign-in", signed_in)]
    }))
    .await;
    for (round, answers) in rounds.into_iter().enumerate() {
        for (what, (status, body)) in answers {
            assert_eq!(status, 503, "{what} (round {round}) while down: {body}");
            assert_eq!(body["error"]["code"], "unavailable", "{body}");
            assert!(
                body["error"]["message"]
                    .as_str()
                    .is_some_and(|m| m.contains("try again")),
                "{body}"
            );
        }
    }

    // A load balancer stops sending traffic here; an orchestrator does not restart it.
    let (status, body) = probe(&server, "/api/v1/ready").await;
    assert_eq!(status, 503, "{body}");
    assert_eq!(body["database"]["reachable"], false, "{body}");
    assert_eq!(body["storage"]["reachable"], true, "{body}");
    let (status, body) = probe(&server, "/api/v1/health").await;
    assert_eq!(status, 200, "liveness: {body}");
    assert_eq!(body["status"], "degraded", "{body}");

    pg.start_server();
    let deadline = Instant::now() + Duration::from_secs(30);
    loop {
        let (status, body) = feed(&server, &token).await;
        if status == 200 {
            break;
        }
        assert_eq!(status, 503, "only 503 until it is back: {body}");
        assert!(Instant::now() < deadline, "no recovery within 30 s: {body}");
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    assert_eq!(sign_in(&server).await.0, 200, "sign-in works again");
    assert_eq!(probe(&server, "/api/v1/ready").await.0, 200, "ready again");
    assert_eq!(feed(&server, &token).await.0, 200);
    server.kill9().await;
}

/// `(status, body)` of the swipe feed, answered within [`FAST`] or the test fails.
async fn feed(server: &Server, token: &str) -> (u16, Value) {
    answer(
        server
            .client
            .get(server.url("/api/v1/jobs"))
            .bearer_auth(token),
    )
    .await
}

async fn probe(server: &Server, path: &str) -> (u16, Value) {
    answer(server.client.get(server.url(path))).await
}

async fn sign_in(server: &Server) -> (u16, Value) {
    answer(
        server
            .client
            .post(server.url("/api/v1/auth/signin"))
            .json(&json!({ "email": EMAIL, "password": PASSWORD })),
    )
    .await
}

async fn answer(request: reqwest::RequestBuilder) -> (u16, Value) {
    let started = Instant::now();
    let response = request
        .timeout(FAST)
        .send()
        .await
        .unwrap_or_else(|e| panic!("no answer within {FAST:?}: {e}"));
    let status = response.status().as_u16();
    let body = response.json().await.unwrap_or(Value::Null);
    assert!(
        started.elapsed() < FAST,
        "answered in {:?}",
        started.elapsed()
    );
    (status, body)
}
