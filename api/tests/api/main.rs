//! Integration tests: each starts the real server on a random port with a fresh
//! database (SQLite by default; PostgreSQL when `JOBTAP_TEST_POSTGRES_URL` is set).

mod helpers;
#[path = "../support/mod.rs"]
mod support;

mod accounts;
mod ai;
mod alerts;
mod apply;
mod audit;
mod auth;
mod best_match;
mod bodies;
mod bulk_actions;
mod candidate_search;
mod data_export;
mod document_preview;
mod documents;
mod email_confirmation;
mod email_templates;
mod employer;
mod employer_badges;
mod feed;
mod health;
mod hiring;
mod interview;
mod interview_invites;
mod job_import;
mod job_search;
mod job_stages;
mod listings;
mod mail;
mod matching;
mod my_applications;
mod notifications;
mod object_storage;
mod openapi;
mod password_reset;
mod pipeline;
mod profile;
mod rejected_archive;
mod resume_export;
mod retention;
mod security;
mod sessions;
mod team;
mod team_races;
mod web_app;
mod word_files;
