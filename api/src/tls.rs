//! The crypto provider of every TLS connection the server opens (the AI model's server, the
//! object store, SMTP): ring, the one lettre already uses, so no second crypto library is built.

/// Makes ring rustls' process-wide provider. Called before any HTTP client is built (reqwest is
/// compiled without a provider of its own); later calls find it installed, which is all they ask.
pub fn install_crypto_provider() {
    let _already_installed = rustls::crypto::ring::default_provider().install_default();
}
