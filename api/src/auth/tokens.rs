//! Access tokens (short-lived signed JWTs naming a server-side session) and
//! refresh tokens (opaque random strings, stored only as hashes).

use std::path::Path;

use anyhow::Context as _;
use base64::Engine as _;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use jsonwebtoken::{Algorithm, DecodingKey, EncodingKey, Header, Validation};
use rand::Rng as _;
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

/// Lifetime of an access token.
pub const ACCESS_TTL_SECS: i64 = 15 * 60;

/// What an access token says.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct AccessClaims {
    /// The user id.
    pub sub: String,
    /// The session id: the token is only good while this session lives.
    pub sid: String,
    pub iat: i64,
    pub exp: i64,
    /// Always "access", so no other token of ours can pass for one.
    pub typ: String,
}

/// The HMAC key that signs access tokens.
pub struct TokenKeys {
    encoding: EncodingKey,
    decoding: DecodingKey,
}

impl std::fmt::Debug for TokenKeys {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("TokenKeys(<redacted>)")
    }
}

impl TokenKeys {
    pub fn from_secret(secret: &[u8]) -> Self {
        Self {
            encoding: EncodingKey::from_secret(secret),
            decoding: DecodingKey::from_secret(secret),
        }
    }

    /// Uses `secret` when set (required when several instances run); otherwise a
    /// random key kept in `{data_dir}/token-secret`, so restarts keep sessions.
    pub fn load_or_create(secret: Option<&str>, data_dir: &Path) -> anyhow::Result<Self> {
        if let Some(secret) = secret {
            anyhow::ensure!(
                secret.len() >= 32,
                "JOBTAP_TOKEN_SECRET must be at least 32 characters"
            );
            return Ok(Self::from_secret(secret.as_bytes()));
        }
        let path = data_dir.join("token-secret");
        if let Ok(existing) = std::fs::read_to_string(&path) {
            return Ok(Self::from_secret(existing.trim().as_bytes()));
        }
        std::fs::create_dir_all(data_dir)
            .with_context(|| format!("Failed to create {}", data_dir.display()))?;
        let secret = random_token();
        write_private(&path, &secret)?;
        Ok(Self::from_secret(secret.as_bytes()))
    }

    /// A signed access token for `session_id`, and its expiry in epoch seconds.
    pub fn issue_access(&self, user_id: &str, session_id: &str, now_ms: i64) -> (String, i64) {
        let iat = now_ms / 1000;
        let claims = AccessClaims {
            sub: user_id.to_string(),
            sid: session_id.to_string(),
            iat,
            exp: iat + ACCESS_TTL_SECS,
            typ: "access".into(),
        };
        let token = jsonwebtoken::encode(&Header::new(Algorithm::HS256), &claims, &self.encoding)
            .expect("HS256 signing cannot fail");
        (token, claims.exp)
    }

    /// The claims of a well-signed, unexpired access token; `None` for anything else
    /// (other algorithms, `alg: none`, bad signature, expired, not an access token).
    pub fn verify_access(&self, token: &str, now_ms: i64) -> Option<AccessClaims> {
        let mut validation = Validation::new(Algorithm::HS256);
        // Expiry is checked below against the server's clock, not the library's.
        validation.validate_exp = false;
        validation.set_required_spec_claims(&["exp", "sub"]);
        let data = jsonwebtoken::decode::<AccessClaims>(token, &self.decoding, &validation).ok()?;
        let claims = data.claims;
        (claims.typ == "access" && claims.exp > now_ms / 1000).then_some(claims)
    }
}

#[cfg(unix)]
fn write_private(path: &Path, contents: &str) -> anyhow::Result<()> {
    use std::io::Write as _;
    use std::os::unix::fs::OpenOptionsExt as _;
    let mut file = std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .mode(0o600)
        .open(path)
        .with_context(|| format!("Failed to create {}", path.display()))?;
    file.write_all(contents.as_bytes())?;
    file.sync_all()?;
    Ok(())
}

#[cfg(not(unix))]
fn write_private(path: &Path, contents: &str) -> anyhow::Result<()> {
    std::fs::write(path, contents).with_context(|| format!("Failed to create {}", path.display()))
}

/// 256 random bits, URL-safe base64.
pub fn random_token() -> String {
    let mut bytes = [0u8; 32];
    rand::rng().fill_bytes(&mut bytes);
    URL_SAFE_NO_PAD.encode(bytes)
}

/// How a token is stored: its SHA-256, hex. The tokens are random, so no salt is needed.
pub fn token_hash(token: &str) -> String {
    hex::encode(Sha256::digest(token.as_bytes()))
}

/// Encrypts `replacement` with a key only the holder of `old_token` can derive,
/// so the database never holds a usable refresh token.
pub fn seal_replacement(old_token: &str, replacement: &str) -> String {
    hex::encode(xor_with_key(old_token, replacement.as_bytes()))
}

/// Recovers the replacement sealed by [`seal_replacement`].
pub fn open_replacement(old_token: &str, sealed: &str) -> Option<String> {
    let bytes = hex::decode(sealed).ok()?;
    String::from_utf8(xor_with_key(old_token, &bytes)).ok()
}

fn xor_with_key(old_token: &str, data: &[u8]) -> Vec<u8> {
    // A keystream of SHA-256 blocks over (old token, block index); tokens are 43 bytes.
    let mut out = Vec::with_capacity(data.len());
    for (block, chunk) in data.chunks(32).enumerate() {
        let mut hasher = Sha256::new();
        hasher.update(b"jobtap-refresh-replacement");
        hasher.update(old_token.as_bytes());
        hasher.update((block as u64).to_be_bytes());
        let key = hasher.finalize();
        out.extend(chunk.iter().zip(key.iter()).map(|(a, b)| a ^ b));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    const NOW: i64 = 1_760_000_000_000;

    #[test]
    fn an_access_token_verifies_until_it_expires() {
        let keys = TokenKeys::from_secret(b"0123456789abcdef0123456789abcdef");
        let (token, exp) = keys.issue_access("u1", "s1", NOW);
        assert_eq!(exp, NOW / 1000 + ACCESS_TTL_SECS);
        let claims = keys.verify_access(&token, NOW).unwrap();
        assert_eq!((claims.sub.as_str(), claims.sid.as_str()), ("u1", "s1"));
        assert!(
            keys.verify_access(&token, NOW + ACCESS_TTL_SECS * 1000)
                .is_none()
        );
    }

    #[test]
    fn tokens_signed_otherwise_are_refused() {
        let keys = TokenKeys::from_secret(b"0123456789abcdef0123456789abcdef");
        let other = TokenKeys::from_secret(b"another-secret-another-secret-xx");
        let (forged, _) = other.issue_access("u1", "s1", NOW);
        assert!(keys.verify_access(&forged, NOW).is_none());
        // alg "none": header {"alg":"none","typ":"JWT"} with an empty signature.
        let (good, _) = keys.issue_access("u1", "s1", NOW);
        let payload = good.split('.').nth(1).unwrap();
        let none_header = URL_SAFE_NO_PAD.encode(br#"{"alg":"none","typ":"JWT"}"#);
        assert!(
            keys.verify_access(&format!("{none_header}.{payload}."), NOW)
                .is_none()
        );
        assert!(keys.verify_access("not-a-token", NOW).is_none());
        assert!(keys.verify_access(&random_token(), NOW).is_none());
    }

    #[test]
    fn a_sealed_replacement_opens_only_with_the_old_token() {
        let old = random_token();
        let new = random_token();
        let sealed = seal_replacement(&old, &new);
        assert!(!sealed.contains(&new));
        assert_eq!(
            open_replacement(&old, &sealed).as_deref(),
            Some(new.as_str())
        );
        assert_ne!(
            open_replacement(&random_token(), &sealed).as_deref(),
            Some(new.as_str())
        );
    }

    #[test]
    fn random_tokens_carry_256_bits() {
        let t = random_token();
        assert_eq!(URL_SAFE_NO_PAD.decode(&t).unwrap().len(), 32);
        assert_ne!(t, random_token());
        assert_eq!(token_hash(&t).len(), 64);
    }
}
