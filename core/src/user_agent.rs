//! The device and browser of a session, named from its `User-Agent` header, as Settings lists
//! them ("Chrome on Android").
//!
//! ## What it checks
//! Tokens browsers put in their user agent: the browser's own token (`Edg/`, `SamsungBrowser/`,
//! `CriOS/`, …) before the `Chrome/` and `Safari/` that most of them also carry, and the
//! platform's (`iPhone` before the `Mac OS X` it also names, `Android` before `Linux`).
//!
//! ## Why
//! A person reads the list to tell their own devices from someone else's: the browser and the
//! system are enough for that; versions and models would only make it harder to read. A small
//! rule here instead of a crate with a database of patterns: the list needs a dozen names.

/// What a user agent names; either part may be unknown.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Device {
    pub browser: Option<&'static str>,
    pub system: Option<&'static str>,
}

/// Longest user agent stored with a session, in characters.
pub const USER_AGENT_MAX_CHARS: usize = 300;

/// The label of a session whose user agent says nothing known.
pub const UNKNOWN_DEVICE: &str = "Unknown device";

/// Browser tokens, most specific first: the first one present names the browser.
const BROWSERS: &[(&str, &str)] = &[
    ("SamsungBrowser/", "Samsung Internet"),
    ("EdgA/", "Edge"),
    ("EdgiOS/", "Edge"),
    ("Edg/", "Edge"),
    ("Edge/", "Edge"),
    ("OPR/", "Opera"),
    ("OPiOS/", "Opera"),
    ("YaBrowser/", "Yandex Browser"),
    ("UCBrowser/", "UC Browser"),
    ("Vivaldi/", "Vivaldi"),
    ("FxiOS/", "Firefox"),
    ("Firefox/", "Firefox"),
    ("CriOS/", "Chrome"),
    ("HeadlessChrome/", "Chrome"),
    ("Chromium/", "Chromium"),
    ("Chrome/", "Chrome"),
    ("curl/", "curl"),
    ("Wget/", "Wget"),
];

/// Platform tokens, most specific first.
const SYSTEMS: &[(&str, &str)] = &[
    ("iPhone", "iPhone"),
    ("iPad", "iPad"),
    ("Android", "Android"),
    ("Windows", "Windows"),
    ("CrOS", "ChromeOS"),
    ("Macintosh", "Mac"),
    ("Mac OS X", "Mac"),
    ("Linux", "Linux"),
];

/// Names the browser and system in `user_agent`.
pub fn parse(user_agent: &str) -> Device {
    let find = |table: &[(&str, &'static str)]| {
        table
            .iter()
            .find(|(token, _)| user_agent.contains(token))
            .map(|(_, name)| *name)
    };
    let mut browser = find(BROWSERS);
    // Safari names no token of its own: it is the WebKit browser that names none of the above.
    if browser.is_none() && user_agent.contains("Safari/") && user_agent.contains("Version/") {
        browser = Some("Safari");
    }
    Device {
        browser,
        system: find(SYSTEMS),
    }
}

impl Device {
    /// "Chrome on Android", "curl", "Browser on Windows" or [`UNKNOWN_DEVICE`].
    pub fn label(self) -> String {
        match (self.browser, self.system) {
            (Some(browser), Some(system)) => format!("{browser} on {system}"),
            (Some(browser), None) => browser.to_string(),
            (None, Some(system)) => format!("Browser on {system}"),
            (None, None) => UNKNOWN_DEVICE.to_string(),
        }
    }
}

/// The label of a stored user agent, absent or not.
pub fn label(user_agent: Option<&str>) -> String {
    user_agent.map_or_else(|| UNKNOWN_DEVICE.to_string(), |ua| parse(ua).label())
}

#[cfg(test)]
mod tests {
    use super::*;
    use test_case::test_case;

    #[test_case("Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.6367.82 Mobile Safari/537.36", "Chrome on Android"; "chrome on android")]
    #[test_case("Mozilla/5.0 (iPhone; CPU iPhone OS 17_4_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4.1 Mobile/15E148 Safari/604.1", "Safari on iPhone"; "safari on iphone")]
    #[test_case("Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:125.0) Gecko/20100101 Firefox/125.0", "Firefox on Windows"; "firefox on windows")]
    #[test_case("Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36 Edg/124.0.2478.51", "Edge on Windows"; "edge on windows")]
    #[test_case("Mozilla/5.0 (Linux; Android 13; SAMSUNG SM-A546B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/24.0 Chrome/117.0.0.0 Mobile Safari/537.36", "Samsung Internet on Android"; "samsung internet")]
    #[test_case("curl/8.5.0", "curl"; "curl")]
    #[test_case("Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/124.0.6367.88 Mobile/15E148 Safari/604.1", "Chrome on iPhone"; "chrome on iphone")]
    #[test_case("Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4.1 Safari/605.1.15", "Safari on Mac"; "safari on mac")]
    #[test_case("Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36 OPR/109.0.0.0", "Opera on Linux"; "opera on linux")]
    #[test_case("Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36", "Chrome on ChromeOS"; "chromeos")]
    #[test_case("Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36 EdgA/124.0.0.0", "Edge on Android"; "edge on android")]
    #[test_case("Mozilla/5.0 (Windows NT 10.0; Win64; x64)", "Browser on Windows"; "unknown browser")]
    #[test_case("JobTapBot", UNKNOWN_DEVICE; "nothing known")]
    #[test_case("", UNKNOWN_DEVICE; "empty")]
    fn names_the_browser_and_system(user_agent: &str, expected: &str) {
        assert_eq!(parse(user_agent).label(), expected);
    }

    #[test]
    fn a_session_without_a_user_agent_is_an_unknown_device() {
        assert_eq!(label(None), UNKNOWN_DEVICE);
        assert_eq!(label(Some("curl/7.88.1")), "curl");
    }
}
