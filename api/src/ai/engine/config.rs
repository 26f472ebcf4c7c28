//! Which AI engine runs: the built-in one unless `JOBTAP_AI_BASE_URL` names an
//! OpenAI-compatible server (OpenAI, Ollama, vLLM, llama.cpp).

use std::time::Duration;

use secrecy::SecretString;

use crate::error::ConfigError;

/// Seconds one request to the remote model may take before it is retried once.
pub const DEFAULT_TIMEOUT_SECS: u64 = 20;

/// The AI part of the configuration.
#[derive(Debug, Clone, Default)]
pub struct AiConfig {
    /// `None` runs the built-in engine only.
    pub remote: Option<RemoteAiConfig>,
}

/// An OpenAI-compatible chat-completions server.
#[derive(Debug, Clone)]
pub struct RemoteAiConfig {
    /// `JOBTAP_AI_BASE_URL`: the API root without a trailing slash, e.g.
    /// `https://api.openai.com/v1` or `http://127.0.0.1:11434/v1`.
    pub base_url: String,
    /// `JOBTAP_AI_API_KEY`: sent as a Bearer token when set (local servers need none).
    pub api_key: Option<SecretString>,
    /// `JOBTAP_AI_MODEL`: the model name the server knows; required with a base URL.
    pub model: String,
    /// `JOBTAP_AI_TIMEOUT_SECS`: the time allowed for one attempt (20 s).
    pub timeout: Duration,
}

impl AiConfig {
    /// Reads the `JOBTAP_AI_*` variables through `get`, which yields only non-blank values.
    pub fn from_lookup(get: impl Fn(&str) -> Option<String>) -> Result<Self, ConfigError> {
        let Some(base) = get("JOBTAP_AI_BASE_URL") else {
            return Ok(Self::default());
        };
        let base_url = base.trim().trim_end_matches('/').to_string();
        let lower = base_url.to_ascii_lowercase();
        if !(lower.starts_with("http://") || lower.starts_with("https://")) || lower.len() < 10 {
            return Err(ConfigError::Invalid {
                var: "JOBTAP_AI_BASE_URL",
                what: "http(s) URL",
                value: base,
            });
        }
        let model = get("JOBTAP_AI_MODEL")
            .map(|m| m.trim().to_string())
            .ok_or_else(|| ConfigError::Invalid {
                var: "JOBTAP_AI_MODEL",
                what: "model name (required when JOBTAP_AI_BASE_URL is set)",
                value: String::new(),
            })?;
        let timeout_secs = match get("JOBTAP_AI_TIMEOUT_SECS") {
            None => DEFAULT_TIMEOUT_SECS,
            Some(v) => v
                .trim()
                .parse::<u64>()
                .ok()
                .filter(|n| (1..=600).contains(n))
                .ok_or(ConfigError::Invalid {
                    var: "JOBTAP_AI_TIMEOUT_SECS",
                    what: "number of seconds (1 to 600)",
                    value: v,
                })?,
        };
        Ok(Self {
            remote: Some(RemoteAiConfig {
                base_url,
                api_key: get("JOBTAP_AI_API_KEY").map(|k| SecretString::from(k.trim())),
                model,
                timeout: Duration::from_secs(timeout_secs),
            }),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(vars: &[(&str, &str)]) -> Result<AiConfig, ConfigError> {
        AiConfig::from_lookup(|name| {
            vars.iter()
                .find(|(k, _)| *k == name)
                .map(|(_, v)| (*v).to_string())
        })
    }

    #[test]
    fn no_base_url_means_the_built_in_engine() {
        assert!(
            read(&[("JOBTAP_AI_MODEL", "llama3")])
                .unwrap()
                .remote
                .is_none()
        );
    }

    #[test]
    fn a_remote_engine_reads_url_model_key_and_timeout() {
        let ai = read(&[
            ("JOBTAP_AI_BASE_URL", "http://127.0.0.1:11434/v1/"),
            ("JOBTAP_AI_MODEL", "llama3.2"),
            ("JOBTAP_AI_API_KEY", "sk-test-123"),
        ])
        .unwrap();
        let remote = ai.remote.unwrap();
        assert_eq!(remote.base_url, "http://127.0.0.1:11434/v1");
        assert_eq!(remote.model, "llama3.2");
        assert_eq!(remote.timeout, Duration::from_secs(DEFAULT_TIMEOUT_SECS));
        let shown = format!("{remote:?}");
        assert!(
            !shown.contains("sk-test-123"),
            "the key is redacted: {shown}"
        );
    }

    #[test]
    fn bad_remote_settings_name_their_variable() {
        let missing_model = read(&[("JOBTAP_AI_BASE_URL", "https://api.openai.com/v1")]);
        assert!(
            missing_model
                .unwrap_err()
                .to_string()
                .contains("JOBTAP_AI_MODEL")
        );
        let bad_url = read(&[("JOBTAP_AI_BASE_URL", "ftp://x"), ("JOBTAP_AI_MODEL", "m")]);
        assert!(
            bad_url
                .unwrap_err()
                .to_string()
                .contains("JOBTAP_AI_BASE_URL")
        );
        let bad_timeout = read(&[
            ("JOBTAP_AI_BASE_URL", "https://api.openai.com/v1"),
            ("JOBTAP_AI_MODEL", "m"),
            ("JOBTAP_AI_TIMEOUT_SECS", "0"),
        ]);
        assert!(
            bad_timeout
                .unwrap_err()
                .to_string()
                .contains("JOBTAP_AI_TIMEOUT_SECS")
        );
    }
}
