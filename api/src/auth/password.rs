//! Password hashing with argon2id (the crate's defaults: m=19 MiB, t=2, p=1).
//!
//! Hashing takes ~20 ms of CPU, so it always runs on the blocking pool: a burst
//! of sign-ins must never stall the async workers serving other requests.

use std::sync::OnceLock;

use anyhow::Context as _;
use argon2::Argon2;
use argon2::password_hash::{PasswordHasher, PasswordVerifier};

/// Hashes `password` into a PHC string (`$argon2id$v=19$…`).
pub async fn hash(password: String) -> anyhow::Result<String> {
    tokio::task::spawn_blocking(move || {
        Argon2::default()
            .hash_password(password.as_bytes())
            .map(|h| h.to_string())
            .map_err(|e| anyhow::anyhow!("argon2: {e}"))
    })
    .await
    .context("Password hashing task failed")?
}

/// Checks `password` against `stored`; with `None` (unknown e-mail) it checks a
/// dummy hash so that both answers take the same time.
pub async fn verify(password: String, stored: Option<String>) -> anyhow::Result<bool> {
    tokio::task::spawn_blocking(move || {
        let known = stored.is_some();
        let hash = stored.unwrap_or_else(|| dummy_hash().to_string());
        let ok = Argon2::default()
            .verify_password(password.as_bytes(), hash.as_str())
            .is_ok();
        Ok(ok && known)
    })
    .await
    .context("Password verification task failed")?
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
