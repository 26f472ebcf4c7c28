//! Where files are stored: `JOBTAP_STORAGE_URL` (`file:///abs/path`, or
//! `s3://bucket/prefix` with the standard `AWS_*` variables) and how old an
//! unrecorded file must be before the clean-up removes it.

use std::path::PathBuf;

use secrecy::SecretString;

use crate::error::ConfigError;

/// Seconds an unrecorded file is left alone by the orphan clean-up (15 minutes):
/// with several instances, a file another instance has just written may not have
/// its row yet.
pub const DEFAULT_ORPHAN_GRACE_SECS: u64 = 900;

/// The storage part of the configuration.
#[derive(Debug, Clone)]
pub struct StorageConfig {
    /// `JOBTAP_STORAGE_URL`: local folder (default `JOBTAP_FILES_DIR`) or S3 bucket.
    pub backend: StorageBackend,
    /// `JOBTAP_ORPHAN_GRACE_SECS`: age before an unrecorded file counts as an orphan (900).
    pub orphan_grace_secs: u64,
}

/// Which store holds the files.
#[derive(Debug, Clone)]
pub enum StorageBackend {
    /// A folder on this machine.
    Local(PathBuf),
    /// An S3-compatible object store.
    S3(S3Config),
}

/// An S3-compatible bucket (AWS, MinIO, moto, …) and how to reach it.
#[derive(Debug, Clone)]
pub struct S3Config {
    pub bucket: String,
    /// Key prefix without slashes at either end; empty uses the bucket's root.
    pub prefix: String,
    /// `AWS_ENDPOINT_URL`: a non-AWS server, e.g. `http://127.0.0.1:5000`.
    pub endpoint: Option<String>,
    /// `AWS_REGION` (`us-east-1`).
    pub region: String,
    /// `AWS_ACCESS_KEY_ID`; without it the instance's role credentials are used.
    pub access_key_id: Option<String>,
    /// `AWS_SECRET_ACCESS_KEY` (never logged).
    pub secret_access_key: Option<SecretString>,
    /// `AWS_SESSION_TOKEN`, for temporary credentials.
    pub session_token: Option<SecretString>,
    /// `AWS_ALLOW_HTTP`: permit a plain-HTTP endpoint (`0`); only for local test servers.
    pub allow_http: bool,
}

impl StorageBackend {
    /// `file:///…` or `s3://bucket/prefix`, for logs and error messages.
    pub fn url(&self) -> String {
        match self {
            Self::Local(dir) => format!("file://{}", dir.display()),
            Self::S3(s3) => s3.url(),
        }
    }
}

impl S3Config {
    /// `s3://bucket/prefix`, for logs and error messages.
    pub fn url(&self) -> String {
        if self.prefix.is_empty() {
            format!("s3://{}", self.bucket)
        } else {
            format!("s3://{}/{}", self.bucket, self.prefix)
        }
    }
}

impl StorageConfig {
    /// Reads the storage variables through `get` (which yields only non-blank values);
    /// `files_dir` is the local folder used when `JOBTAP_STORAGE_URL` is unset.
    pub fn from_lookup(
        get: impl Fn(&str) -> Option<String>,
        files_dir: &std::path::Path,
    ) -> Result<Self, ConfigError> {
        let backend = match get("JOBTAP_STORAGE_URL") {
            None => StorageBackend::Local(files_dir.to_path_buf()),
            Some(url) => parse_url(url.trim(), &get)?,
        };
        let orphan_grace_secs = match get("JOBTAP_ORPHAN_GRACE_SECS") {
            None => DEFAULT_ORPHAN_GRACE_SECS,
            Some(v) => v.trim().parse::<u64>().map_err(|_| ConfigError::Invalid {
                var: "JOBTAP_ORPHAN_GRACE_SECS",
                what: "number of seconds (0 or more)",
                value: v,
            })?,
        };
        Ok(Self {
            backend,
            orphan_grace_secs,
        })
    }
}

fn parse_url(
    url: &str,
    get: &impl Fn(&str) -> Option<String>,
) -> Result<StorageBackend, ConfigError> {
    let bad = |what: &'static str| ConfigError::Invalid {
        var: "JOBTAP_STORAGE_URL",
        what,
        value: url.to_string(),
    };
    if let Some(path) = url.strip_prefix("file://") {
        // A relative path would depend on where the server was started from.
        if !path.starts_with('/') || path.len() < 2 {
            return Err(bad(
                "file URL with an absolute path (file:///srv/jobtap/files)",
            ));
        }
        return Ok(StorageBackend::Local(PathBuf::from(path)));
    }
    let Some(rest) = url.strip_prefix("s3://") else {
        return Err(bad(
            "storage URL (file:///absolute/path or s3://bucket/prefix)",
        ));
    };
    let (bucket, prefix) = rest.split_once('/').unwrap_or((rest, ""));
    if !valid_bucket(bucket) {
        return Err(bad(
            "S3 URL: the bucket name needs 3 to 63 lowercase letters, digits, dots or hyphens",
        ));
    }
    let prefix = prefix.trim_matches('/');
    if !prefix.is_empty() && super::validate_path(prefix).is_err() {
        return Err(bad(
            "S3 URL: the prefix may hold only letters, digits, '.', '_', '-' and '/'",
        ));
    }
    let switch = |var: &'static str| match get(var).as_deref().map(str::trim) {
        None | Some("0" | "false" | "no" | "off") => Ok(false),
        Some("1" | "true" | "yes" | "on") => Ok(true),
        Some(other) => Err(ConfigError::Invalid {
            var,
            what: "switch (1 or 0)",
            value: other.into(),
        }),
    };
    let allow_http = switch("AWS_ALLOW_HTTP")?;
    let endpoint = get("AWS_ENDPOINT_URL").map(|e| e.trim().trim_end_matches('/').to_string());
    if let Some(endpoint) = &endpoint {
        let lower = endpoint.to_ascii_lowercase();
        let plain = lower.starts_with("http://");
        if !(plain || lower.starts_with("https://")) {
            return Err(ConfigError::Invalid {
                var: "AWS_ENDPOINT_URL",
                what: "http(s) URL",
                value: endpoint.clone(),
            });
        }
        // Said at start rather than on the first upload.
        if plain && !allow_http {
            return Err(ConfigError::Invalid {
                var: "AWS_ENDPOINT_URL",
                what: "https URL (set AWS_ALLOW_HTTP=1 for a plain-HTTP test server)",
                value: endpoint.clone(),
            });
        }
    }
    let secret = |var: &str| get(var).map(|v| SecretString::from(v.trim()));
    Ok(StorageBackend::S3(S3Config {
        bucket: bucket.to_string(),
        prefix: prefix.to_string(),
        endpoint,
        region: get("AWS_REGION")
            .or_else(|| get("AWS_DEFAULT_REGION"))
            .map_or_else(|| "us-east-1".into(), |r| r.trim().to_string()),
        access_key_id: get("AWS_ACCESS_KEY_ID").map(|k| k.trim().to_string()),
        secret_access_key: secret("AWS_SECRET_ACCESS_KEY"),
        session_token: secret("AWS_SESSION_TOKEN"),
        allow_http,
    }))
}

fn valid_bucket(name: &str) -> bool {
    (3..=63).contains(&name.len())
        && name
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || matches!(c, '.' | '-'))
        && name.starts_with(|c: char| c.is_ascii_alphanumeric())
        && name.ends_with(|c: char| c.is_ascii_alphanumeric())
}

#[cfg(test)]
mod tests {
    use std::collections::HashMap;
    use std::path::Path;

    use secrecy::ExposeSecret;

    use super::*;

    fn read(vars: &[(&str, &str)]) -> Result<StorageConfig, ConfigError> {
        let map: HashMap<&str, &str> = vars.iter().copied().collect();
        StorageConfig::from_lookup(
            |k| map.get(k).map(ToString::to_string),
            Path::new("data/files"),
        )
    }

    #[test]
    fn local_files_dir_and_a_15_minute_grace_are_the_defaults() {
        let c = read(&[]).unwrap();
        assert!(matches!(c.backend, StorageBackend::Local(ref p) if p == Path::new("data/files")));
        assert_eq!(c.orphan_grace_secs, 900);
        let c = read(&[
            ("JOBTAP_STORAGE_URL", "file:///srv/jobtap/files"),
            ("JOBTAP_ORPHAN_GRACE_SECS", "0"),
        ])
        .unwrap();
        assert!(
            matches!(c.backend, StorageBackend::Local(ref p) if p == Path::new("/srv/jobtap/files"))
        );
        assert_eq!(c.orphan_grace_secs, 0);
    }

    #[test]
    fn an_s3_url_takes_bucket_prefix_and_the_aws_variables() {
        let c = read(&[
            ("JOBTAP_STORAGE_URL", "s3://jobtap-files/prod/uploads/"),
            ("AWS_ENDPOINT_URL", "http://127.0.0.1:5000/"),
            ("AWS_ALLOW_HTTP", "1"),
            ("AWS_ACCESS_KEY_ID", "key"),
            ("AWS_SECRET_ACCESS_KEY", "shh"),
            ("AWS_REGION", "eu-west-1"),
        ])
        .unwrap();
        let StorageBackend::S3(s3) = c.backend else {
            panic!("expected S3");
        };
        assert_eq!(s3.bucket, "jobtap-files");
        assert_eq!(s3.prefix, "prod/uploads");
        assert_eq!(s3.url(), "s3://jobtap-files/prod/uploads");
        assert_eq!(s3.endpoint.as_deref(), Some("http://127.0.0.1:5000"));
        assert_eq!(s3.region, "eu-west-1");
        assert_eq!(s3.access_key_id.as_deref(), Some("key"));
        assert_eq!(
            s3.secret_access_key
                .as_ref()
                .map(ExposeSecret::expose_secret),
            Some("shh")
        );
        assert!(s3.allow_http);
        assert!(
            !format!("{s3:?}").contains("shh"),
            "the secret stays out of logs"
        );

        let StorageBackend::S3(bare) = read(&[("JOBTAP_STORAGE_URL", "s3://bucket")])
            .unwrap()
            .backend
        else {
            panic!("expected S3");
        };
        assert_eq!(
            (bare.prefix.as_str(), bare.region.as_str()),
            ("", "us-east-1")
        );
        assert!(!bare.allow_http);
    }

    #[test]
    fn bad_urls_are_refused_at_start_with_the_variable_named() {
        for url in [
            "ftp://files",
            "/srv/files",
            "file://relative/path",
            "s3://",
            "s3://UpperCase/x",
            "s3://ab",
            "s3://bucket/../escape",
            "s3://bucket/with space",
            "s3://-bucket",
        ] {
            let err = read(&[("JOBTAP_STORAGE_URL", url)])
                .unwrap_err()
                .to_string();
            assert!(err.contains("JOBTAP_STORAGE_URL"), "{url}: {err}");
        }
        let plain = read(&[
            ("JOBTAP_STORAGE_URL", "s3://bucket"),
            ("AWS_ENDPOINT_URL", "http://127.0.0.1:5000"),
        ])
        .unwrap_err()
        .to_string();
        assert!(plain.contains("AWS_ALLOW_HTTP"), "{plain}");
        let grace = read(&[("JOBTAP_ORPHAN_GRACE_SECS", "-1")])
            .unwrap_err()
            .to_string();
        assert!(grace.contains("JOBTAP_ORPHAN_GRACE_SECS"), "{grace}");
    }
}
