//! The files generated from core under `web/src/generated/` are core as it is now: each test
//! fails when a list, a limit or a type changed in core and its file was not written again.
//! `make generated` (these tests with `JOBTAP_WRITE_GENERATED=1`) writes them.

use std::path::Path;

/// Writes `current` to `relative` when asked to, else checks the file holds it.
fn check_or_write(relative: &str, current: &str) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("..")
        .join(relative);
    if std::env::var_os("JOBTAP_WRITE_GENERATED").is_some() {
        std::fs::create_dir_all(path.parent().expect("a folder")).expect("the folder is made");
        std::fs::write(&path, current).expect("the file is written");
        return;
    }
    let written = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        written == current,
        "{relative} is not core as it is now: run `make generated`"
    );
}

#[test]
fn the_generated_catalogue_is_current() {
    use jobtap_core::catalogue::{TYPESCRIPT_PATH, typescript};
    check_or_write(TYPESCRIPT_PATH, &typescript());
}

#[test]
fn the_generated_core_types_are_current() {
    use jobtap_core::typescript::{TYPESCRIPT_PATH, declarations};
    check_or_write(TYPESCRIPT_PATH, &declarations());
}
