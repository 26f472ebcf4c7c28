//! `jobtap-wasm-bindgen [--keep-names] <module.wasm> <out-dir>`: writes the ES-module package
//! (`--target web`) the web app's worker imports.
//!
//! The package leaves out the function-name section, which only serves stack traces (panics
//! abort in the `wasm` profile); `--keep-names` keeps it, for measuring what the code is for.

use std::path::PathBuf;

use anyhow::{Context, bail};
use wasm_bindgen_cli_support::Bindgen;

fn main() -> anyhow::Result<()> {
    let mut keep_names = false;
    let mut paths = Vec::new();
    for arg in std::env::args_os().skip(1) {
        if arg == "--keep-names" {
            keep_names = true;
        } else {
            paths.push(PathBuf::from(arg));
        }
    }
    let [input, out_dir] = paths.as_slice() else {
        bail!("usage: jobtap-wasm-bindgen [--keep-names] <module.wasm> <out-dir>");
    };
    Bindgen::new()
        .input_path(input)
        .web(true)?
        .remove_name_section(!keep_names)
        // The rest as wasm-bindgen's command line sets them, so the package is the one it writes.
        .typescript(true)
        .omit_default_module_path(false)
        .generate(out_dir)
        .with_context(|| format!("generating the package for {}", input.display()))
}
