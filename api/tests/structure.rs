//! The server's structure, read from its source: imports between the files of `api/src`, and
//! between those of `core/src`, run one way (no circle), and `http/`, the toolbox every area uses, imports no area. A newcomer can
//! then read the server from the route tree down, and change an area without a circle pulling
//! the others along. No file of `api/src` is over 600 lines.
//!
//! An import is any `crate::…` or `super::…` path outside comments and test modules, naming the
//! deepest file module it reaches (`crate::feed::store::live_job_or_404` names
//! `feed/store.rs`); paths to the crate root (its exported macros) are not imports of a file.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// What the files of `http/` may import besides one another: the error type and the state
/// the filters hand to handlers.
const HTTP_MAY_IMPORT: &[&str] = &["error.rs", "state.rs"];

/// The most lines a file of `api/src` holds: past it, a file has become two things to read.
const MOST_LINES: usize = 600;

#[test]
fn imports_between_api_files_run_one_way() {
    let graph = Graph::read(&src());
    let circles = graph.circles();
    assert!(
        circles.is_empty(),
        "groups of api/src files that import one another round a circle: {circles:#?}"
    );
}

#[test]
fn imports_between_core_files_run_one_way() {
    let core = Path::new(env!("CARGO_MANIFEST_DIR")).join("../core/src");
    let circles = Graph::read(&core).circles();
    assert!(
        circles.is_empty(),
        "groups of core/src files that import one another round a circle: {circles:#?}"
    );
}

#[test]
fn http_is_a_toolbox_that_imports_no_area() {
    let graph = Graph::read(&src());
    let mut wrong = Vec::new();
    for (file, targets) in &graph.edges {
        if !file.starts_with("http/") {
            continue;
        }
        for target in targets {
            if !target.starts_with("http/") && !HTTP_MAY_IMPORT.contains(&target.as_str()) {
                wrong.push(format!("{file} imports {target}"));
            }
        }
    }
    assert!(wrong.is_empty(), "{wrong:#?}");
    assert!(
        graph.edges.keys().any(|f| f.starts_with("http/")),
        "http/ was read"
    );
}

#[test]
fn no_api_file_is_longer_than_a_newcomer_reads_at_once() {
    let src = src();
    let mut files = Vec::new();
    collect(&src, &src, &mut files);
    let long: Vec<String> = files
        .iter()
        .filter_map(|file| {
            let lines = std::fs::read_to_string(src.join(file))
                .expect("readable")
                .lines()
                .count();
            (lines > MOST_LINES).then(|| format!("{file}: {lines} lines"))
        })
        .collect();
    assert!(files.len() > 100, "api/src was read");
    assert!(long.is_empty(), "over {MOST_LINES} lines: {long:#?}");
}

fn src() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

/// Files (relative to `api/src`) and the files each imports.
struct Graph {
    edges: BTreeMap<String, BTreeSet<String>>,
}

impl Graph {
    fn read(src: &Path) -> Self {
        let mut files = Vec::new();
        collect(src, src, &mut files);
        // Module path ("feed::store") → file ("feed/store.rs").
        let modules: BTreeMap<String, String> = files
            .iter()
            .filter_map(|f| module_of(f).map(|m| (m, f.clone())))
            .collect();
        let mut edges = BTreeMap::new();
        for file in &files {
            let Some(module) = module_of(file) else {
                continue;
            };
            let code = code_of(&std::fs::read_to_string(src.join(file)).expect("readable"));
            let mut targets = BTreeSet::new();
            for path in paths_in(&code) {
                let Some(segments) = absolute(&module, &path) else {
                    continue;
                };
                if let Some(target) = deepest(&modules, &segments)
                    && target != *file
                    && target != "lib.rs"
                {
                    targets.insert(target);
                }
            }
            edges.insert(file.clone(), targets);
        }
        Self { edges }
    }

    /// Every group of files that import one another round a circle (Tarjan's strongly
    /// connected components of more than one file).
    fn circles(&self) -> Vec<Vec<String>> {
        struct State<'a> {
            graph: &'a Graph,
            index: BTreeMap<&'a str, usize>,
            low: BTreeMap<&'a str, usize>,
            stack: Vec<&'a str>,
            on_stack: BTreeSet<&'a str>,
            found: Vec<Vec<String>>,
        }
        fn visit<'a>(s: &mut State<'a>, file: &'a str) {
            let n = s.index.len();
            s.index.insert(file, n);
            s.low.insert(file, n);
            s.stack.push(file);
            s.on_stack.insert(file);
            for target in s.graph.edges.get(file).into_iter().flatten() {
                let target = target.as_str();
                if !s.index.contains_key(target) {
                    visit(s, target);
                    let low = s.low[file].min(s.low[target]);
                    s.low.insert(file, low);
                } else if s.on_stack.contains(target) {
                    let low = s.low[file].min(s.index[target]);
                    s.low.insert(file, low);
                }
            }
            if s.low[file] == s.index[file] {
                let mut group = Vec::new();
                while let Some(top) = s.stack.pop() {
                    s.on_stack.remove(top);
                    group.push(top.to_string());
                    if top == file {
                        break;
                    }
                }
                if group.len() > 1 {
                    group.sort();
                    s.found.push(group);
                }
            }
        }
        let mut state = State {
            graph: self,
            index: BTreeMap::new(),
            low: BTreeMap::new(),
            stack: Vec::new(),
            on_stack: BTreeSet::new(),
            found: Vec::new(),
        };
        for file in self.edges.keys() {
            if !state.index.contains_key(file.as_str()) {
                visit(&mut state, file);
            }
        }
        state.found
    }
}

fn collect(root: &Path, dir: &Path, files: &mut Vec<String>) {
    for entry in std::fs::read_dir(dir).expect("api/src is readable") {
        let path = entry.expect("entry").path();
        if path.is_dir() {
            collect(root, &path, files);
        } else if path.extension().is_some_and(|e| e == "rs") {
            let relative = path.strip_prefix(root).expect("under src");
            files.push(relative.to_string_lossy().replace('\\', "/"));
        }
    }
}

/// The module path of a file: "lib.rs" → "", "feed/mod.rs" → "feed", "feed/store.rs" →
/// "feed::store". `None` for the binary's `main.rs`.
fn module_of(file: &str) -> Option<String> {
    if file == "main.rs" {
        return None;
    }
    let stem = file.strip_suffix(".rs")?;
    let stem = stem.strip_suffix("/mod").unwrap_or(stem);
    Some(if stem == "lib" {
        String::new()
    } else {
        stem.replace('/', "::")
    })
}

/// The code of a file without comments and without its test module (which starts at the first
/// `#[cfg(test)]`: test modules close the file by this codebase's convention).
fn code_of(text: &str) -> String {
    text.lines()
        .take_while(|line| line.trim() != "#[cfg(test)]")
        .filter(|line| !line.trim_start().starts_with("//"))
        .collect::<Vec<_>>()
        .join("\n")
}

/// Every path that starts with `crate::` or `super::`, braces expanded one level:
/// `crate::http::{json_body, with_state}` gives `crate::http::json_body` and
/// `crate::http::with_state`.
fn paths_in(code: &str) -> Vec<Vec<String>> {
    let mut paths = Vec::new();
    let bytes = code.as_bytes();
    for start in ["crate::", "super::"] {
        let mut from = 0;
        while let Some(found) = code[from..].find(start) {
            let at = from + found;
            from = at + start.len();
            let before = code[..at].chars().next_back();
            if before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == ':') {
                continue;
            }
            let mut segments = vec![start.trim_end_matches(':').to_string()];
            let mut i = from;
            loop {
                let word_end = code[i..]
                    .find(|c: char| !(c.is_alphanumeric() || c == '_'))
                    .map_or(code.len(), |n| i + n);
                if word_end > i {
                    segments.push(code[i..word_end].to_string());
                    i = word_end;
                }
                if code[i..].starts_with("::{") {
                    let close = code[i..].find('}').map_or(code.len(), |n| i + n);
                    for item in code[i + 3..close].split(',') {
                        let first = item
                            .trim()
                            .split(|c: char| !(c.is_alphanumeric() || c == '_'))
                            .next()
                            .unwrap_or_default();
                        let mut path = segments.clone();
                        if !first.is_empty() && first != "self" {
                            path.push(first.to_string());
                        }
                        paths.push(path);
                    }
                    break;
                }
                if code[i..].starts_with("::")
                    && bytes.get(i + 2).is_some_and(u8::is_ascii_alphabetic)
                {
                    i += 2;
                    continue;
                }
                paths.push(segments);
                break;
            }
        }
    }
    paths
}

/// `path` from the crate root, as module names; `None` when `super` climbs out of the crate.
fn absolute(module: &str, path: &[String]) -> Option<Vec<String>> {
    let mut here: Vec<String> = if module.is_empty() {
        Vec::new()
    } else {
        module.split("::").map(str::to_string).collect()
    };
    let mut rest = path;
    if rest.first().is_some_and(|s| s == "crate") {
        here.clear();
        rest = &rest[1..];
    } else {
        // In `feed/store.rs` (module feed::store), `super` is `feed`; in `feed/mod.rs` it is
        // the crate root.
        while rest.first().is_some_and(|s| s == "super") {
            here.pop()?;
            rest = &rest[1..];
        }
    }
    here.extend(rest.iter().cloned());
    Some(here)
}

/// The file of the longest prefix of `segments` that is a module.
fn deepest(modules: &BTreeMap<String, String>, segments: &[String]) -> Option<String> {
    (0..=segments.len())
        .rev()
        .find_map(|n| modules.get(&segments[..n].join("::")).cloned())
}
