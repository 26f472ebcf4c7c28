//! `analyze-interview`: scores recomputed on the server from the browser's
//! measurements, unmeasured metrics null, coaching tied to the weak metrics,
//! on the built-in engine and on a stand-in OpenAI-compatible server.

use std::collections::VecDeque;
use std::sync::{Arc, Mutex};

use jobtap_core::interview::advice::resource_by_id;
use serde_json::{Value, json};
use warp::Filter;

use crate::feed::{candidate, employer, error};
use crate::helpers::{TestApp, TestOptions, spawn_app, spawn_app_with_env};

const ANALYZE: &str = "/api/v1/functions/analyze-interview";

/// Five answers of 20 s: 6 s of speech (share 0.3), a 6.5 s silence, a 10.5 dB
/// spread: confidence 5.0 (0.2 + 0.15 + 0.15), response quality 0.5, no face
/// detection; overall (5.0 + 0.5) ÷ 2 × 10 = 27.5 → 28.
fn hesitant_answers() -> Value {
    let answer = json!({
        "durationMs": 20000,
        "audio": { "speakingMs": 6000, "longestSilenceMs": 6500, "loudnessSpreadDb": 10.5 },
        "face": null
    });
    json!({ "answers": [answer, answer, answer, answer, answer] })
}

/// Five strong answers with face detection: every metric 8 or more.
fn strong_answers() -> Value {
    let answer = json!({
        "durationMs": 40000,
        "audio": { "speakingMs": 30000, "longestSilenceMs": 2000, "loudnessSpreadDb": 4.0 },
        "face": { "framesSampled": 80, "framesWithFace": 80, "framesCentred": 72 }
    });
    json!({ "answers": [answer, answer, answer, answer, answer] })
}

fn body(measurements: Value) -> Value {
    let mut body = json!({
        "jobTitle": "  Data   Analyst ",
        "questionCount": 5,
        "hasVideo": true,
        "hasAudio": true,
    });
    body["measurements"] = measurements;
    body
}

async fn analyze(app: &TestApp, token: &str, body: &Value) -> Value {
    let response = app.post_json_auth(ANALYZE, token, body).await;
    assert_eq!(response.status(), 200, "analyze-interview failed");
    response.json().await.unwrap()
}

fn urls(ids: &[&str]) -> Vec<Value> {
    ids.iter()
        .map(|id| json!(resource_by_id(id).unwrap().url))
        .collect()
}

#[tokio::test]
async fn analyze_interview_returns_401_when_signed_out() {
    let app = spawn_app().await;
    let response = app.post_json(ANALYZE, &body(hesitant_answers())).await;
    error(response, 401).await;
}

#[tokio::test]
async fn analyze_interview_is_for_candidates_only() {
    let app = spawn_app().await;
    let boss = employer(&app, "boss@example.com").await;
    let response = app
        .post_json_auth(ANALYZE, &boss.token, &body(hesitant_answers()))
        .await;
    error(response, 403).await;
}

#[tokio::test]
async fn scores_are_recomputed_from_the_measurements_and_client_scores_ignored() {
    let app = spawn_app().await;
    let user = candidate(&app, "scores@example.com").await;
    let mut request = body(hesitant_answers());
    for (field, value) in [
        ("overallScore", json!(100)),
        ("eyeContact", json!(10)),
        ("confidence", json!(10)),
        ("facialExpression", json!(10)),
        ("responseQuality", json!(10)),
        ("summary", json!("Perfect!")),
    ] {
        request[field] = value;
    }
    let analysis = analyze(&app, &user.token, &request).await;
    assert_eq!(analysis["overallScore"], 28);
    assert_eq!(analysis["confidence"], 5.0);
    assert_eq!(analysis["responseQuality"], 0.5);
    assert_ne!(analysis["summary"], "Perfect!");
    assert_eq!(
        analysis["weakMetrics"],
        json!(["responseQuality", "confidence"])
    );
    assert_eq!(analysis["answers"].as_array().unwrap().len(), 5);
    assert_eq!(analysis["answers"][0]["speakingPercent"], 30);
}

#[tokio::test]
async fn unmeasured_metrics_are_null_and_say_why() {
    let app = spawn_app().await;
    let user = candidate(&app, "null@example.com").await;
    let analysis = analyze(&app, &user.token, &body(hesitant_answers())).await;
    assert_eq!(analysis["eyeContact"], Value::Null);
    assert_eq!(analysis["facialExpression"], Value::Null);
    assert_eq!(analysis["metrics"][0]["metric"], "eyeContact");
    assert_eq!(analysis["metrics"][0]["score"], Value::Null);
    assert_eq!(
        analysis["metrics"][0]["basis"],
        "Not measured: face detection is not available in this browser"
    );
    let summary = analysis["summary"].as_str().unwrap();
    assert!(
        summary.contains("Eye Contact and Facial Expression could not be measured"),
        "{summary}"
    );

    // Without audio nothing is measured at all: no overall score either.
    let silent = json!({
        "jobTitle": "Data Analyst", "questionCount": 1, "hasVideo": false, "hasAudio": false,
        "measurements": { "answers": [{ "durationMs": 15000 }] }
    });
    let analysis = analyze(&app, &user.token, &silent).await;
    assert_eq!(analysis["overallScore"], Value::Null);
    assert_eq!(analysis["confidence"], Value::Null);
}

#[tokio::test]
async fn resources_are_tied_to_the_weak_metrics() {
    let app = spawn_app().await;
    let user = candidate(&app, "weak@example.com").await;
    let analysis = analyze(&app, &user.token, &body(hesitant_answers())).await;
    let got: Vec<Value> = analysis["resources"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["url"].clone())
        .collect();
    assert_eq!(
        got,
        urls(&[
            "duquesne-star",
            "nottingham-star",
            "ted-treasure-speak",
            "central-bank-calm"
        ])
    );
    let plan = analysis["actionPlan"].as_array().unwrap();
    assert!(
        plan[0]
            .as_str()
            .unwrap()
            .contains("you spoke for 6.0 s per answer on average"),
        "{plan:?}"
    );

    let strong = analyze(&app, &user.token, &body(strong_answers())).await;
    assert_eq!(strong["weakMetrics"], json!([]));
    assert_eq!(strong["overallScore"], 98);
    let got: Vec<Value> = strong["resources"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["url"].clone())
        .collect();
    assert_eq!(got, urls(&["imperial-interviews"]));
}

#[tokio::test]
async fn bad_bodies_are_refused_with_422_naming_the_field() {
    let app = spawn_app().await;
    let user = candidate(&app, "bad@example.com").await;
    let mut blank_title = body(hesitant_answers());
    blank_title["jobTitle"] = json!("   ");
    let mut no_measurements = body(hesitant_answers());
    no_measurements
        .as_object_mut()
        .unwrap()
        .remove("measurements");
    let mut wrong_count = body(hesitant_answers());
    wrong_count["questionCount"] = json!(4);
    let mut wrong_shape = body(json!({ "answers": "five" }));
    wrong_shape["questionCount"] = json!(5);
    let mut impossible = body(hesitant_answers());
    impossible["measurements"]["answers"][2]["audio"]["speakingMs"] = json!(25000);
    let mut audio_without_audio = body(hesitant_answers());
    audio_without_audio["hasAudio"] = json!(false);
    let mut six = body(json!({ "answers": vec![json!({ "durationMs": 1000 }); 6] }));
    six["questionCount"] = json!(6);
    let cases = [
        (blank_title, "jobTitle", "Please enter a job title"),
        (
            no_measurements,
            "measurements",
            "Please send the measurements of each answer",
        ),
        (
            wrong_count,
            "questionCount",
            "questionCount must equal the number of measured answers",
        ),
        (
            wrong_shape,
            "measurements",
            "The measurements are not in the expected form",
        ),
        (
            impossible,
            "measurements",
            "Answer 3: speakingMs is not a possible measurement",
        ),
        (
            audio_without_audio,
            "measurements",
            "Audio measurements were sent for an interview recorded without audio",
        ),
        (six, "measurements", "An interview has at most 5 answers"),
    ];
    for (request, field, message) in cases {
        let response = app.post_json_auth(ANALYZE, &user.token, &request).await;
        let err = error(response, 422).await;
        assert_eq!(err["message"], message);
        assert_eq!(err["fields"][field][0], message);
    }
}

// ---------------------------------------------------------------------------
// The OpenAI-compatible engine, against a stand-in chat-completions server
// ---------------------------------------------------------------------------

/// A chat-completions server on port 0 answering scripted contents in turn
/// (HTTP 500 once the script runs out) and keeping each request's prompt.
struct StandInModel {
    url: String,
    script: Arc<Mutex<VecDeque<String>>>,
    prompts: Arc<Mutex<Vec<String>>>,
}

impl StandInModel {
    async fn start(script: &[&str]) -> Self {
        let script = Arc::new(Mutex::new(
            script
                .iter()
                .map(|s| (*s).to_string())
                .collect::<VecDeque<_>>(),
        ));
        let prompts: Arc<Mutex<Vec<String>>> = Arc::default();
        let (s, p) = (script.clone(), prompts.clone());
        let route = warp::path!("v1" / "chat" / "completions")
            .and(warp::post())
            .and(warp::body::json())
            .map(move |body: Value| {
                let prompt = body["messages"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|m| m["content"].as_str().unwrap_or_default().to_string())
                    .collect::<Vec<_>>()
                    .join("\n");
                p.lock().unwrap().push(prompt);
                match s.lock().unwrap().pop_front() {
                    Some(content) => warp::reply::with_status(
                        warp::reply::json(&json!({
                            "choices": [{ "index": 0, "message": { "role": "assistant", "content": content } }]
                        })),
                        warp::http::StatusCode::OK,
                    ),
                    None => warp::reply::with_status(
                        warp::reply::json(&json!({ "error": { "message": "no more answers" } })),
                        warp::http::StatusCode::INTERNAL_SERVER_ERROR,
                    ),
                }
            });
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let url = format!("http://{}/v1", listener.local_addr().unwrap());
        tokio::spawn(warp::serve(route).incoming(listener).run());
        Self {
            url,
            script,
            prompts,
        }
    }

    async fn app(&self) -> TestApp {
        spawn_app_with_env(
            TestOptions::default(),
            vec![
                ("JOBTAP_AI_BASE_URL", self.url.clone()),
                ("JOBTAP_AI_MODEL", "test-model".to_string()),
            ],
        )
        .await
    }
}

#[tokio::test]
async fn a_model_writes_the_coaching_with_curated_links_of_the_weak_metrics() {
    let answer = json!({
        "summary": "Your overall score is 28/100. Response quality and confidence need work.",
        "actionPlan": ["Speak for at least 25 seconds per answer.", "Replace long silences with a short pause phrase."],
        "resourceIds": ["ted-treasure-speak", "duquesne-star"]
    })
    .to_string();
    let model = StandInModel::start(&[&answer]).await;
    let app = model.app().await;
    let user = candidate(&app, "model@example.com").await;
    let analysis = analyze(&app, &user.token, &body(hesitant_answers())).await;
    assert_eq!(
        analysis["summary"],
        "Your overall score is 28/100. Response quality and confidence need work."
    );
    assert_eq!(
        analysis["actionPlan"][0],
        "Speak for at least 25 seconds per answer."
    );
    let got: Vec<Value> = analysis["resources"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["url"].clone())
        .collect();
    assert_eq!(got, urls(&["ted-treasure-speak", "duquesne-star"]));
    // The scores are the server's whatever the model says.
    assert_eq!(analysis["overallScore"], 28);

    let prompt = model.prompts.lock().unwrap()[0].clone();
    assert!(prompt.contains("Position: Data Analyst"), "{prompt}");
    assert!(prompt.contains("Confidence: 5.0/10"), "{prompt}");
    assert!(prompt.contains("Eye Contact: not measured"), "{prompt}");
    assert!(
        prompt.contains("- central-bank-calm:"),
        "the weak metrics' resources are offered"
    );
    assert!(
        !prompt.contains("imperial-interviews"),
        "only the weak metrics' resources are offered"
    );
}

#[tokio::test]
async fn a_model_answer_with_invented_links_or_scores_is_replaced_by_the_built_in_one() {
    let invented_link = json!({
        "summary": "Your overall score is 28/100. Work on your answers.",
        "actionPlan": ["Read https://example.com/tips", "Practise daily."],
        "resourceIds": []
    })
    .to_string();
    let unknown_resource = json!({
        "summary": "Your overall score is 28/100. Work on your answers.",
        "actionPlan": ["Practise the STAR method.", "Practise daily."],
        "resourceIds": ["imperial-interviews"]
    })
    .to_string();
    let other_score = json!({
        "summary": "Your overall score is 85/100. Well done.",
        "actionPlan": ["Practise the STAR method.", "Practise daily."],
        "resourceIds": ["duquesne-star"]
    })
    .to_string();
    let model = StandInModel::start(&[&invented_link, &unknown_resource, &other_score]).await;
    let app = model.app().await;
    let user = candidate(&app, "fallback@example.com").await;
    let built_in = {
        let plain = spawn_app().await;
        let someone = candidate(&plain, "plain@example.com").await;
        analyze(&plain, &someone.token, &body(hesitant_answers())).await
    };
    for _ in 0..3 {
        let analysis = analyze(&app, &user.token, &body(hesitant_answers())).await;
        assert_eq!(analysis, built_in);
    }
    assert!(
        model.script.lock().unwrap().is_empty(),
        "each answer was asked for"
    );
}
