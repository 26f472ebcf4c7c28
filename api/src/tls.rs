//! TLS for the connections the server opens (the AI model's server, the object store, SMTP):
//! rustls on ring, the provider lettre already uses, so no second crypto library is built.

use std::sync::Arc;

/// Makes ring rustls' process-wide provider, which object_store's own client needs (reqwest is
/// compiled without a provider of its own); later calls find it installed, which is all they ask.
pub fn install_crypto_provider() {
    let _already_installed = rustls::crypto::ring::default_provider().install_default();
}

/// A builder for the server's own HTTP clients: ring, and the Mozilla roots compiled in
/// (webpki-roots, as lettre's SMTP uses), so no client depends on the host's certificate store.
pub fn http_client_builder() -> reqwest::ClientBuilder {
    let roots = rustls::RootCertStore {
        roots: webpki_roots::TLS_SERVER_ROOTS.to_vec(),
    };
    let config = rustls::ClientConfig::builder_with_provider(Arc::new(
        rustls::crypto::ring::default_provider(),
    ))
    .with_safe_default_protocol_versions()
    .expect("ring supports rustls' default protocol versions")
    .with_root_certificates(roots)
    .with_no_client_auth();
    reqwest::Client::builder().tls_backend_preconfigured(config)
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
        // reqwest has no provider or roots of its own: the client is built with ours.
        let engine = OpenAiEngine::new(RemoteAiConfig {
            base_url: "https://models.example/v1".into(),
            api_key: None,
            model: "small".into(),
            timeout: Duration::from_secs(5),
        });
        assert!(engine.is_ok());
    }
}
