//! The crypto provider of every TLS connection the server opens (the AI model's server, the
//! object store, SMTP): ring, the one lettre already uses, so no second crypto library is built.

/// Makes ring rustls' process-wide provider. Called before any HTTP client is built (reqwest is
/// compiled without a provider of its own); later calls find it installed, which is all they ask.
pub fn install_crypto_provider() {
    let _already_installed = rustls::crypto::ring::default_provider().install_default();
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use rustls::crypto::CryptoProvider;

    use super::install_crypto_provider;
    use crate::ai::engine::config::RemoteAiConfig;
    use crate::ai::engine::openai::OpenAiEngine;

    fn suites(provider: &CryptoProvider) -> Vec<rustls::CipherSuite> {
        provider
            .cipher_suites
            .iter()
            .map(rustls::SupportedCipherSuite::suite)
            .collect()
    }

    #[test]
    fn the_provider_is_ring_and_a_second_install_changes_nothing() {
        install_crypto_provider();
        install_crypto_provider();
        let installed = CryptoProvider::get_default().expect("a provider is installed");
        assert_eq!(
            suites(installed),
            suites(&rustls::crypto::ring::default_provider())
        );
    }

    #[test]
    fn the_ai_engine_builds_its_https_client() {
        // reqwest has no provider of its own: without one installed, building the client panics.
        let engine = OpenAiEngine::new(RemoteAiConfig {
            base_url: "https://models.example/v1".into(),
            api_key: None,
            model: "small".into(),
            timeout: Duration::from_secs(5),
        });
        assert!(engine.is_ok());
    }
}
