//! The matching evaluation set (`fixtures/matching/`, see core/tests/matching_eval.rs)
//! through the API: each candidate signs up, completes onboarding and makes their resume
//! the default; an employer posts every job; `GET /api/v1/jobs/{id}/score` scores each
//! pair. The gate must agree with the labels as it does in the core.

use std::collections::HashMap;
use std::path::PathBuf;

use reqwest::multipart::Form;
use serde_json::{Value, json};

use crate::employer::post_job;
use crate::feed::{candidate, employer};
use crate::helpers::{TestApp, TestOptions, spawn_app_with_env};
use crate::profile::{PDF, file};

/// The default threshold a pair that is not relevant must fail.
const DEFAULT_THRESHOLD: f64 = 20.0;

fn read(name: &str) -> Vec<Value> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../fixtures/matching")
        .join(name);
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

fn text(value: &Value, key: &str) -> String {
    value[key].as_str().unwrap_or_default().to_string()
}

/// Onboards `person` (a resume PDF is required there), then uploads their resume text and
/// makes it the default resume, which is what the score reads roles from.
pub async fn onboard(app: &TestApp, token: &str, person: &Value) {
    let profile = &person["profile"];
    let skills: Vec<&str> = profile["skills"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s.as_str().unwrap())
        .collect();
    let form = Form::new()
        .text("full_name", text(person, "full_name"))
        .text("degree_class", text(profile, "degree_class"))
        .text("degree_field", text(profile, "degree_field"))
        .text("university", text(profile, "university"))
        .text("skills", skills.join(", "))
        .text("experience_years", profile["experience_years"].to_string())
        .text("preferred_location", "Harare")
        .text("min_salary", "500")
        .text("max_salary", "3000")
        .text("job_types", "Full-time")
        .part("resume", file(PDF, "cv.pdf"));
    let response = app
        .client
        .post(app.url("/api/v1/profile/onboarding"))
        .bearer_auth(token)
        .multipart(form)
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 200, "onboarding {}", text(person, "key"));

    let upload = Form::new().text("document_type", "resume").part(
        "file",
        file(text(person, "resume").as_bytes(), "resume.txt"),
    );
    let response = app
        .client
        .post(app.url("/api/v1/documents"))
        .bearer_auth(token)
        .multipart(upload)
        .send()
        .await
        .unwrap();
    let status = response.status();
    let document: Value = response.json().await.unwrap();
    assert_eq!(status, 201, "{}: {document}", text(person, "full_name"));
    let id = document["document"]["id"].as_str().unwrap();
    let response = app
        .client
        .put(app.url(&format!("/api/v1/documents/{id}/default")))
        .bearer_auth(token)
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 200);
}

#[tokio::test]
async fn the_gate_agrees_with_the_labelled_pairs_through_the_api() {
    // Thirteen sign-ups from one address are more than the sign-up limit allows.
    let app = spawn_app_with_env(
        TestOptions::default(),
        vec![("JOBTAP_RATE_LIMIT_FACTOR", "100".to_string())],
    )
    .await;
    let candidates = read("candidates.json");
    let jobs = read("jobs.json");
    let pairs = read("labels.json");

    let hiring = employer(&app, "hr@matching.example").await;
    let mut job_ids = HashMap::new();
    for job in &jobs {
        let mut body = job.clone();
        body.as_object_mut().unwrap().remove("key");
        let created = post_job(&app, &hiring.token, body).await;
        job_ids.insert(text(job, "key"), text(&created, "id"));
    }

    let mut scores: HashMap<(String, String), Value> = HashMap::new();
    for (n, person) in candidates.iter().enumerate() {
        let user = candidate(&app, &format!("candidate{n}@matching.example")).await;
        onboard(&app, &user.token, person).await;
        for job in &jobs {
            let id = &job_ids[&text(job, "key")];
            let response = app
                .get_auth(&format!("/api/v1/jobs/{id}/score"), &user.token)
                .await;
            assert_eq!(response.status(), 200);
            let fit: Value = response.json().await.unwrap();
            scores.insert((text(person, "key"), text(job, "key")), fit);
        }
    }

    let (mut judged, mut agreeing) = (0u32, 0u32);
    let mut disagreements = Vec::new();
    for pair in &pairs {
        let key = (text(pair, "candidate"), text(pair, "job"));
        let fit = &scores[&key];
        let percentage = fit["scorePercentage"].as_f64().unwrap();
        let agrees = match text(pair, "label").as_str() {
            "relevant" => fit["meetsThreshold"] == json!(true),
            "not_relevant" => percentage < DEFAULT_THRESHOLD,
            _ => continue,
        };
        judged += 1;
        if agrees {
            agreeing += 1;
        } else {
            disagreements.push(format!("{key:?}: {percentage} {}", fit["explanations"]));
        }
    }
    let mut ranked_first = 0;
    for person in &candidates {
        let key = text(person, "key");
        let best = jobs
            .iter()
            .map(|job| text(job, "key"))
            .max_by(|a, b| {
                let score = |job: &String| {
                    scores[&(key.clone(), job.clone())]["scorePercentage"]
                        .as_f64()
                        .unwrap()
                };
                score(a).total_cmp(&score(b))
            })
            .unwrap();
        let relevant = pairs.iter().any(|p| {
            text(p, "candidate") == key && text(p, "job") == best && text(p, "label") == "relevant"
        });
        if relevant {
            ranked_first += 1;
        }
    }
    println!(
        "matching evaluation through the API: {agreeing} of {judged} judged pairs agree; a \
         relevant job ranks first for {ranked_first} of {}",
        candidates.len()
    );
    assert!(
        f64::from(agreeing) >= 0.95 * f64::from(judged),
        "{disagreements:#?}"
    );
    assert_eq!(ranked_first, candidates.len());
}

/// The people outside software (`fixtures/matching/people-*.json`, see
/// core/tests/matching_fields.rs) through the API: each onboards with their one or two typed
/// skills and their resume as the default; `GET /api/v1/jobs/{id}/score` must count the skills
/// their resumes show, quote the resume for them, and keep the gate where the core keeps it.
#[tokio::test]
#[allow(clippy::too_many_lines)]
async fn resumes_show_skills_through_the_api_across_occupations() {
    // The floors of core/tests/matching_fields.rs.
    const MIN_RECALL: f64 = 0.51;
    const MAX_SPURIOUS: f64 = 0.02;
    const MIN_AGREEMENT: f64 = 0.97;
    let app = spawn_app_with_env(
        TestOptions::default(),
        vec![("JOBTAP_RATE_LIMIT_FACTOR", "100".to_string())],
    )
    .await;
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../fixtures/matching");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| {
            let name = p.file_name().unwrap().to_str().unwrap();
            name.starts_with("people-") && p.extension().is_some_and(|e| e == "json")
        })
        .collect();
    files.sort();
    let people: Vec<Value> = files
        .iter()
        .flat_map(|p| {
            serde_json::from_str::<Vec<Value>>(&std::fs::read_to_string(p).unwrap()).unwrap()
        })
        .collect();
    assert!(people.len() >= 40);

    let hiring = employer(&app, "hr@fields.example").await;
    let mut job_ids = Vec::new();
    for person in &people {
        // The form sends no minimum class as no field, not null.
        let mut job = person["job"].clone();
        job.as_object_mut().unwrap().retain(|_, v| !v.is_null());
        let response = app
            .client
            .post(app.url("/api/v1/employer/jobs"))
            .bearer_auth(&hiring.token)
            .json(&job)
            .send()
            .await
            .unwrap();
        let status = response.status();
        let body: Value = response.json().await.unwrap();
        assert_eq!(status, 201, "{}: {body}", text(person, "key"));
        job_ids.push(text(&body["job"], "id"));
    }

    let generic = |skill: &str| {
        jobtap_core::score::generic::is_generic(
            &mut jobtap_core::vocabulary::Keyer::default(),
            skill,
        )
    };
    let (mut shown, mut recalled, mut quoted) = (0usize, 0usize, 0usize);
    let (mut unrelated, mut spurious) = (0usize, 0usize);
    let (mut judged, mut agreeing, mut own_first) = (0usize, 0usize, 0usize);
    for (n, person) in people.iter().enumerate() {
        let user = candidate(&app, &format!("person{n}@fields.example")).await;
        // Onboarding asks every candidate for a class and a listed university (or "Other").
        let mut who = person["candidate"].clone();
        let profile = who["profile"].as_object_mut().unwrap();
        if profile["degree_class"].is_null() {
            profile.insert("degree_class".into(), json!("Diploma"));
        }
        let listed = jobtap_core::score::LISTED_UNIVERSITIES;
        if !listed.contains(&profile["university"].as_str().unwrap_or_default()) {
            profile.insert("university".into(), json!("Other"));
        }
        onboard(&app, &user.token, &who).await;
        let mut best = (f64::MIN, 0usize);
        for (j, (other, id)) in people.iter().zip(&job_ids).enumerate() {
            let response = app
                .get_auth(&format!("/api/v1/jobs/{id}/score"), &user.token)
                .await;
            assert_eq!(response.status(), 200);
            let fit: Value = response.json().await.unwrap();
            let percentage = fit["scorePercentage"].as_f64().unwrap();
            if percentage > best.0 {
                best = (percentage, j);
            }
            let missing: Vec<&str> = fit["missingSkills"]
                .as_array()
                .unwrap()
                .iter()
                .map(|s| s.as_str().unwrap())
                .collect();
            let counted: Vec<&str> = other["job"]["skills"]
                .as_array()
                .unwrap()
                .iter()
                .map(|s| s.as_str().unwrap())
                .filter(|s| !generic(s) && !missing.contains(&s.trim()))
                .collect();
            if j == n {
                let skills_line = fit["explanations"][1].as_str().unwrap();
                for skill in person["shown"].as_array().unwrap() {
                    let skill = skill.as_str().unwrap();
                    shown += 1;
                    if counted.contains(&skill) {
                        recalled += 1;
                        quoted += usize::from(skills_line.contains(&format!("{skill} (\"")));
                    }
                }
                judged += 1;
                agreeing += usize::from(percentage >= DEFAULT_THRESHOLD);
            } else if other["family"] != person["family"] {
                unrelated += other["job"]["skills"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .filter(|s| !generic(s.as_str().unwrap()))
                    .count();
                spurious += counted.len();
                judged += 1;
                agreeing += usize::from(percentage < DEFAULT_THRESHOLD);
            }
        }
        own_first += usize::from(best.1 == n);
        if text(person, "key") == "pharmacist" {
            pharmacist_sees_pharmacy(&app, &user.token, &job_ids[n]).await;
            employer_reads_what_was_sent(&app, &user.token, &hiring.token, &job_ids[n]).await;
        }
    }
    let recall = recalled as f64 / shown as f64;
    let spurious_share = spurious as f64 / unrelated as f64;
    let agreement = agreeing as f64 / judged as f64;
    println!(
        "matching across occupations through the API: recall {recalled} of {shown} ({:.1} %), \
         {quoted} quoting the resume; spurious {spurious} of {unrelated} ({:.2} %); gate agreement \
         {agreeing} of {judged} ({:.1} %); own job first for {own_first} of {}",
        recall * 100.0,
        spurious_share * 100.0,
        agreement * 100.0,
        people.len()
    );
    assert!(recall >= MIN_RECALL, "recall {recall:.3}");
    assert!(quoted > 0, "skills shown by the resume are quoted");
    assert!(
        spurious_share <= MAX_SPURIOUS,
        "spurious {spurious_share:.4}"
    );
    assert!(agreement >= MIN_AGREEMENT, "agreement {agreement:.3}");
    assert!(own_first >= 38, "own job first for {own_first}");
}

/// The pharmacist who typed two skills: her best match in the feed is her pharmacy job, and
/// the assistant answers "pharmacist jobs in Harare?" with it as a fit, and nothing else.
async fn pharmacist_sees_pharmacy(app: &TestApp, token: &str, pharmacy_job: &str) {
    let response = app
        .get_auth("/api/v1/jobs?order=best_match&limit=1", token)
        .await;
    assert_eq!(response.status(), 200);
    let page: Value = response.json().await.unwrap();
    assert_eq!(page["jobs"][0]["id"], json!(pharmacy_job), "best match");

    let body = json!({ "messages": [{ "role": "user", "content": "Are there any pharmacist jobs in Harare?" }] });
    let response = app
        .post_json_auth("/api/v1/functions/swipejob-chat", token, &body)
        .await;
    assert_eq!(response.status(), 200);
    let answer: Value = response.json().await.unwrap();
    let message = answer["message"].as_str().unwrap();
    assert!(
        message.contains("Here is the 1 open job matching \"pharmacist Harare\"")
            && message.contains(&format!("(/job/{pharmacy_job})"))
            && message.contains("you can apply"),
        "{message}"
    );
}

/// The pharmacist applies to her pharmacy job with her default resume, and to a weekend job
/// without any document: the employer reads her skills quoted from the resume for the first, and
/// no quote for the second, whose resume was not sent.
async fn employer_reads_what_was_sent(
    app: &TestApp,
    token: &str,
    employer_token: &str,
    pharmacy: &str,
) {
    let applied = app
        .post_json_auth(
            "/api/v1/applications",
            token,
            &json!({ "job_id": pharmacy }),
        )
        .await;
    assert_eq!(applied.status(), 201);
    // A job anyone meets (threshold 0), applied to with no document at all.
    let open_to_all = json!({
        "job_title": "Pharmacy Assistant (weekends)",
        "company_name": "Greenwood Pharmacy",
        "job_type": "Part-time",
        "location": "Harare, Zimbabwe",
        "job_description": "Help at the dispensary counter on Saturdays and Sundays.",
        "skills": ["Dispensing", "Stock control"],
        "minimum_score_threshold": 0
    });
    let response = app
        .client
        .post(app.url("/api/v1/employer/jobs"))
        .bearer_auth(employer_token)
        .json(&open_to_all)
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 201);
    let other = text(&response.json::<Value>().await.unwrap()["job"], "id");
    let applied = app
        .post_json_auth(
            "/api/v1/applications",
            token,
            &json!({ "job_id": other, "document_ids": [] }),
        )
        .await;
    assert_eq!(applied.status(), 201);
    let listed: Value = app
        .get_auth("/api/v1/employer/applications", employer_token)
        .await
        .json()
        .await
        .unwrap();
    let of = |job: &str| {
        listed["applications"]
            .as_array()
            .unwrap()
            .iter()
            .find(|a| a["job_id"] == json!(job))
            .cloned()
    };
    let sent = of(pharmacy).expect("the pharmacy application");
    let evidence = sent["skills_evidence"].as_str().unwrap_or_default();
    assert!(
        evidence
            .contains("from the candidate's resume: Antimicrobial stewardship (\"Led the AMS team"),
        "{sent}"
    );
    let unsent = of(&other).expect("the other application");
    assert_eq!(unsent["skills_evidence"], Value::Null, "{unsent}");
}

/// Facts stored by older reading rules (here without the resume's lines, as before the score
/// read them) are read again from the default resume the next time the profile is scored: the
/// pharmacist's resume skills count without her uploading it again.
#[tokio::test]
async fn facts_read_by_older_rules_are_read_again_when_scored() {
    let app = spawn_app_with_env(
        TestOptions::default(),
        vec![("JOBTAP_RATE_LIMIT_FACTOR", "100".to_string())],
    )
    .await;
    let people = read("people-health.json");
    let pharmacist = people
        .iter()
        .find(|p| p["key"] == "pharmacist")
        .expect("the pharmacist of people-health.json");
    let hiring = employer(&app, "hr@pharmacy.example").await;
    let mut job = pharmacist["job"].clone();
    job.as_object_mut().unwrap().retain(|_, v| !v.is_null());
    let response = app
        .post_json_auth("/api/v1/employer/jobs", &hiring.token, &job)
        .await;
    assert_eq!(response.status(), 201);
    let job_id = text(&response.json::<Value>().await.unwrap()["job"], "id");

    let user = candidate(&app, "pharmacist@older.example").await;
    let mut who = pharmacist["candidate"].clone();
    let profile = who["profile"].as_object_mut().unwrap();
    if !jobtap_core::score::LISTED_UNIVERSITIES
        .contains(&profile["university"].as_str().unwrap_or_default())
    {
        profile.insert("university".into(), json!("Other"));
    }
    onboard(&app, &user.token, &who).await;
    let skills_line = || async {
        let response = app
            .get_auth(&format!("/api/v1/jobs/{job_id}/score"), &user.token)
            .await;
        assert_eq!(response.status(), 200);
        let fit: Value = response.json().await.unwrap();
        fit["explanations"]
            .as_array()
            .unwrap()
            .iter()
            .filter_map(Value::as_str)
            .find(|line| line.starts_with("Skills:"))
            .unwrap()
            .to_string()
    };
    let current = skills_line().await;
    assert!(current.contains("from your resume:"), "{current}");

    // What the server stored before facts had a version and lines.
    let older = json!({ "degreeField": "Pharmacy", "roles": [] });
    jobtap_api::on_db!(&app.db, pool => {
        sqlx::query("UPDATE profiles SET resume_facts = $2 WHERE id = $1")
            .bind(&user.id)
            .bind(sqlx::types::Json(&older))
            .execute(pool)
            .await
            .map(|_| ())
    })
    .unwrap();
    assert_eq!(
        skills_line().await,
        current,
        "read again, not from the stale facts"
    );
    let stored: Option<sqlx::types::Json<Value>> = jobtap_api::on_db!(&app.db, pool => {
        sqlx::query_scalar("SELECT resume_facts FROM profiles WHERE id = $1")
            .bind(&user.id)
            .fetch_one(pool)
            .await
    })
    .unwrap();
    let stored = stored.expect("facts stored again").0;
    assert_eq!(
        stored["version"],
        json!(jobtap_core::resume::FACTS_VERSION),
        "{stored}"
    );
    assert!(!stored["lines"].as_array().unwrap().is_empty(), "{stored}");
}
