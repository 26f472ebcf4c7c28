// @ts-check
// Bundle sizes, one command: `npm run bench:sizes` (from web/).
//
// Builds the production app (the same `vite build`, with Vite's manifest on) and
// reports, gzipped:
//   - the JavaScript the first page (the landing page) loads before it runs: the
//     entry chunk of index.html and its static imports, followed transitively;
//     lazy chunks (routes, dialogs, workers) are left out (goal ≤ 170 KB);
//   - every .wasm file, together (goal ≤ 150 KB), and whether the first page's
//     JavaScript refers to any (it should be lazy-loaded);
//   - what the wasm holds: its sections, and the crates and core modules its code
//     comes from (by function name, from the same build with its names kept), to show
//     what dominates.
// Prints the tables and rewrites its section of docs/benchmarks.md.
//
// Options: --dist DIR measures an existing build made with `--manifest` instead of building.
// Environment: BENCH_DIST (build into BENCH_DIST/app, kept; default a temporary folder),
// BENCH_NO_DOCS=1 to leave the docs alone.

import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs'
import { spawnSync } from 'node:child_process'
import { homedir, tmpdir } from 'node:os'
import { join, relative } from 'node:path'
import { gzipSync } from 'node:zlib'
import { build } from 'vite'
import { fmtKb, keepDocs, print, today, webDir, writeSection } from './bench-support.mjs'

/** The goals of the issue, in bytes (KB of 1,024). */
const GOALS = { firstPageJs: 170 * 1024, wasm: 150 * 1024 }

/** @param {Uint8Array} bytes */
const gzipped = (bytes) => gzipSync(bytes, { level: 9 }).length

/** @param {string} dir @returns {string[]} every file under `dir` */
function walk(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? walk(join(dir, entry.name)) : [join(dir, entry.name)],
  )
}

/**
 * @typedef {{ file: string, isEntry?: boolean, src?: string, imports?: string[], dynamicImports?: string[], css?: string[] }} ManifestChunk
 * @param {string} dist
 * @returns {string[]} the first page's JavaScript files, relative to `dist`
 */
function firstPageJs(dist) {
  const manifestFile = join(dist, '.vite', 'manifest.json')
  if (!existsSync(manifestFile)) throw new Error(`${manifestFile} is missing: build with "vite build --manifest"`)
  /** @type {Record<string, ManifestChunk>} */
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'))
  const entry = manifest['index.html']
  if (!entry?.isEntry) throw new Error('The manifest has no index.html entry')
  const files = new Set()
  /** @param {string} key */
  const visit = (key) => {
    const chunk = manifest[key]
    if (!chunk || files.has(chunk.file)) return
    files.add(chunk.file)
    for (const next of chunk.imports ?? []) visit(next)
  }
  visit('index.html')
  // index.html must ask for the same files (module script + modulepreload links), or the walk is wrong.
  const html = readFileSync(join(dist, 'index.html'), 'utf8')
  const linked = new Set(
    [...html.matchAll(/<(?:script[^>]*type="module"[^>]*src|link[^>]*rel="modulepreload"[^>]*href)="\/?([^"]+\.js)"/g)].map(
      (m) => /** @type {string} */ (m[1]),
    ),
  )
  const same = linked.size === files.size && [...files].every((f) => linked.has(f))
  if (!same) throw new Error(`index.html loads ${[...linked].join(', ')} but the manifest says ${[...files].join(', ')}`)
  return [...files]
}

/**
 * The sections of a wasm module, the code size of each function by crate (from the
 * name section), and the module's gzipped size without its custom sections.
 * @param {Uint8Array} bytes
 */
function inspectWasm(bytes) {
  let p = 8
  const leb = () => {
    let value = 0
    let shift = 0
    let byte
    do {
      byte = /** @type {number} */ (bytes[p++])
      value += (byte & 0x7f) * 2 ** shift
      shift += 7
    } while (byte & 0x80)
    return value
  }
  /** @param {number} length */
  const text = (length) => new TextDecoder().decode(bytes.subarray(p, (p += length)))
  const KINDS = ['custom', 'type', 'import', 'function', 'table', 'memory', 'global', 'export', 'start', 'element', 'code', 'data', 'data count', 'tag']
  /** @type {Map<string, number>} */
  const sections = new Map()
  /** @type {Uint8Array[]} */
  const kept = [bytes.subarray(0, 8)]
  let importedFunctions = 0
  /** @type {number[]} */
  const bodies = []
  /** @type {Map<number, string>} */
  const names = new Map()
  /** Exported functions, by index. @type {Map<number, string>} */
  const exported = new Map()
  while (p < bytes.length) {
    const headerStart = p
    const id = /** @type {number} */ (bytes[p++])
    const size = leb()
    const start = p
    const end = start + size
    let kind = KINDS[id] ?? `section ${id}`
    if (id === 0) kind = `custom "${text(leb())}"`
    else kept.push(bytes.subarray(headerStart, end))
    if (id === 2) {
      for (let n = leb(); n > 0; n--) {
        text(leb())
        text(leb())
        const what = bytes[p++]
        if (what === 0) {
          leb()
          importedFunctions++
        } else if (what === 1) {
          p++
          if (leb() & 1) leb()
          leb()
        } else if (what === 2) {
          if (leb() & 1) leb()
          leb()
        } else if (what === 3) p += 2
        else if (what === 4) {
          p++
          leb()
        }
      }
    } else if (id === 7) {
      for (let n = leb(); n > 0; n--) {
        const name = text(leb())
        const what = bytes[p++]
        if (what === 0) exported.set(leb(), name)
        else leb()
      }
    } else if (id === 10) {
      for (let n = leb(); n > 0; n--) {
        const length = leb()
        bodies.push(length)
        p += length
      }
    } else if (kind === 'custom "name"') {
      while (p < end) {
        const sub = bytes[p++]
        const subEnd = leb() + p
        if (sub === 1) {
          for (let n = leb(); n > 0; n--) {
            const index = leb()
            names.set(index, text(leb()))
          }
        }
        p = subEnd
      }
    }
    sections.set(kind, (sections.get(kind) ?? 0) + (end - headerStart))
    p = end
  }
  const exportNames = new Set(exported.values())
  /** @type {Map<string, number>} */
  const crates = new Map()
  /** @type {Map<string, number>} */
  const coreModules = new Map()
  bodies.forEach((length, i) => {
    const name = names.get(importedFunctions + i) ?? ''
    // An exported function (`validateJobPost`), or the body its export's shim calls (named like
    // the export): the binding, with the core code it calls inlined.
    const crate = exported.has(importedFunctions + i) || exportNames.has(name) ? '(exported bindings)' : crateOf(name)
    crates.set(crate, (crates.get(crate) ?? 0) + length)
    if (crate === CORE_CRATE) {
      const module = moduleOf(name)
      coreModules.set(module, (coreModules.get(module) ?? 0) + length)
    }
  })
  const stripped = new Uint8Array(kept.reduce((sum, part) => sum + part.length, 0))
  kept.reduce((offset, part) => (stripped.set(part, offset), offset + part.length), 0)
  return { sections, crates, coreModules, hasNames: names.size > 0, gzippedWithoutCustom: gzipped(stripped) }
}

/** The project's core crate, whose code is also shown by module. */
const CORE_CRATE = 'jobtap_core'

/**
 * The core module a function of the core crate belongs to: `jobtap_core::csv_import::…` → csv_import.
 * @param {string} name
 */
function moduleOf(name) {
  const match = new RegExp(`${CORE_CRATE}(?:\\[[0-9a-f]+\\])?::([A-Za-z_][A-Za-z0-9_]*)`).exec(name)
  return match ? /** @type {string} */ (match[1]) : '(crate root)'
}

/**
 * The crate a function's (demangled) name belongs to: `<alloc::vec::Vec<T> as …>::f`
 * → alloc, `core[1a2b]::fmt::write` → core (the standard library's builds carry a hash).
 * @param {string} name
 */
function crateOf(name) {
  // `<str>::to_lowercase`, `<f64 as core::str::FromStr>::from_str`: the standard library's.
  if (/^<(?:str|char|bool|[iuf](?:8|16|32|64|128|size)|\[[^\]]*\])(?:>| as )/.test(name)) return '(standard library, primitive types)'
  const path = name.replace(/^[<&*\s]+/, '').replace(/^(?:impl|dyn|mut|const)\s+/, '')
  const match = /^([A-Za-z_][A-Za-z0-9_]*)(?:\[[0-9a-f]+\])?::/.exec(path)
  if (match) return /** @type {string} */ (match[1])
  return name === '' ? '(unnamed)' : '(other: primitives, generics, glue)'
}

/** @param {string} dist */
function measure(dist) {
  const jsFiles = firstPageJs(dist)
  const js = jsFiles.map((file) => {
    const bytes = readFileSync(join(dist, file))
    return { file, raw: bytes.length, gz: gzipped(bytes) }
  })
  const allFiles = walk(dist)
  const firstPageSource = jsFiles.map((file) => readFileSync(join(dist, file), 'utf8')).join('\n')
  const wasm = allFiles
    .filter((file) => file.endsWith('.wasm'))
    .map((path) => {
      const bytes = readFileSync(path)
      const name = relative(dist, path)
      const base = name.split('/').pop() ?? name
      const referrers = allFiles
        .filter((other) => other.endsWith('.js') && readFileSync(other, 'utf8').includes(base))
        .map((other) => relative(dist, other))
      return {
        file: name,
        raw: bytes.length,
        gz: gzipped(bytes),
        referrers,
        onFirstPage: firstPageSource.includes(base),
        ...inspectWasm(bytes),
      }
    })
  const named = namedCoreWasm()
  return { js, wasm, named: named && { file: named.file, ...inspectWasm(named.bytes) } }
}

/**
 * The shipped core wasm again, with its function names: cargo's build of it (which
 * `scripts/build-wasm.sh` hands to wasm-bindgen) run through the same wasm-bindgen (wasm/bindgen) with
 * `--keep-names`, whose names come demangled. Null, with a warning, when that build
 * or wasm-bindgen is not there, or the build is newer than the package made from it.
 * @returns {{ file: string, bytes: Uint8Array } | null}
 */
function namedCoreWasm() {
  // Where scripts/cache-env.sh puts cargo's output.
  const cacheDir = process.env.JOBTAP_CACHE_DIR ?? join(process.env.XDG_CACHE_HOME ?? join(homedir(), '.cache'), 'jobtap')
  const targetDir = process.env.JOBTAP_WASM_TARGET_DIR ?? join(cacheDir, 'target-wasm')
  const built = join(targetDir, 'wasm32-unknown-unknown', 'wasm', 'jobtap_wasm.wasm')
  const bindgen = join(targetDir, 'debug', 'jobtap-wasm-bindgen')
  const shipped = join(webDir, 'src', 'lib', 'core-worker', 'pkg', 'jobtap_wasm_bg.wasm')
  /** @param {string} why */
  const none = (why) => {
    print(`No breakdown of the wasm's code by crate: ${why}`)
    return null
  }
  if (!existsSync(built) || !existsSync(shipped)) return none(`${built} or the package is missing (run scripts/build-wasm.sh)`)
  if (statSync(built).mtimeMs > statSync(shipped).mtimeMs) return none(`${built} is newer than the package`)
  const out = mkdtempSync(join(tmpdir(), 'jobtap-named-wasm-'))
  try {
    const run = spawnSync(bindgen, ['--keep-names', built, out], { stdio: 'ignore' })
    if (run.status !== 0) return none(`${bindgen} failed or is not built (run scripts/build-wasm.sh)`)
    return { file: built, bytes: readFileSync(join(out, 'jobtap_wasm_bg.wasm')) }
  } finally {
    rmSync(out, { recursive: true, force: true })
  }
}

/** @param {ReturnType<typeof measure>} m */
function report(m) {
  const jsGz = m.js.reduce((sum, f) => sum + f.gz, 0)
  const jsRaw = m.js.reduce((sum, f) => sum + f.raw, 0)
  const wasmGz = m.wasm.reduce((sum, f) => sum + f.gz, 0)
  const lazy = m.wasm.every((w) => !w.onFirstPage)
  const lines = [
    '## Bundle sizes',
    '',
    `Run with \`cd web && npm run bench:sizes\` on ${today()}, on a production build (\`vite build\` with its manifest). ` +
      'Sizes are gzip level 9 of each file (KB = 1,024 bytes); the server itself sends files uncompressed.',
    '',
    'JavaScript of the first page: the entry chunk of `index.html` and its static imports, followed transitively ' +
      "(the same files index.html's module script and modulepreload links load); lazy chunks — routes, dialogs, " +
      'workers — are not counted:',
    '',
    '| file | raw | gzipped |',
    '|---|---:|---:|',
    ...m.js.map((f) => `| \`${f.file}\` | ${fmtKb(f.raw)} | ${fmtKb(f.gz)} |`),
    `| **total** | ${fmtKb(jsRaw)} | **${fmtKb(jsGz)}** |`,
    '',
    'WebAssembly:',
    '',
    '| file | raw | gzipped | gzipped without custom sections | loaded by |',
    '|---|---:|---:|---:|---|',
    ...m.wasm.map(
      (w) =>
        `| \`${w.file}\` | ${fmtKb(w.raw)} | **${fmtKb(w.gz)}** | ${fmtKb(w.gzippedWithoutCustom)} | ` +
        `${w.referrers.map((r) => `\`${r}\``).join(', ') || 'nothing'} |`,
    ),
    '',
  ]
  for (const w of m.wasm) {
    const total = w.raw
    const sorted = [...w.sections].sort((a, b) => b[1] - a[1])
    // Sections under 1 KB are summed, so the line names only what matters.
    const small = sorted.filter(([, size]) => size < 1024).reduce((sum, [, size]) => sum + size, 0)
    const sections = [...sorted.filter(([, size]) => size >= 1024), ['other sections', small]]
    lines.push(
      `What \`${w.file}\` holds (raw bytes): ` +
        sections.map(([kind, size]) => `${kind} ${fmtKb(Number(size))} (${Math.round((Number(size) / total) * 100)} %)`).join(', ') +
        '.',
    )
    if (w.hasNames) {
      const code = [...w.crates.values()].reduce((a, b) => a + b, 0)
      const top = [...w.crates].sort((a, b) => b[1] - a[1]).slice(0, 10)
      lines.push(
        `Its code by crate (from the name section): ` +
          top.map(([crate, size]) => `${crate} ${fmtKb(size)} (${Math.round((size / code) * 100)} %)`).join(', ') +
          '.',
      )
    }
    lines.push('')
  }
  if (m.named) {
    const code = [...m.named.crates.values()].reduce((a, b) => a + b, 0)
    /** @param {Map<string, number>} groups @param {number} count */
    const share = (groups, count) =>
      [...groups]
        .sort((a, b) => b[1] - a[1])
        .slice(0, count)
        .map(([group, size]) => `${group} ${fmtKb(size)} (${Math.round((size / code) * 100)} %)`)
        .join(', ')
    lines.push(
      `What its code is for (raw bytes of each function, by the crate its name places it in; cargo's build of the core ` +
        `run through wasm-bindgen keeping the name section: ${fmtKb(code)} of code in all). ` +
        `Generic code counts for the crate that defines it (a \`Vec\` of the core's rows is \`alloc\`), and code ` +
        `inlined into an exported binding for the binding:`,
      `- by crate: ${share(m.named.crates, 14)};`,
      `- \`${CORE_CRATE}\` by module: ${share(m.named.coreModules, 12)}.`,
      '',
    )
  }
  lines.push(
    'Goals:',
    `- first page's JavaScript at most ${fmtKb(GOALS.firstPageJs)} gzipped: ${jsGz <= GOALS.firstPageJs ? 'met' : '**not met**'} (${fmtKb(jsGz)});`,
    `- all wasm together at most ${fmtKb(GOALS.wasm)} gzipped: ${wasmGz <= GOALS.wasm ? 'met' : '**not met**'} (${fmtKb(wasmGz)});`,
    `- wasm lazy-loaded (no first-page JavaScript refers to a .wasm file): ${lazy ? 'met' : '**not met**'}.`,
  )
  return lines.join('\n')
}

async function main() {
  const at = process.argv.indexOf('--dist')
  let dist = at === -1 ? undefined : process.argv[at + 1]
  let temporary
  if (dist === undefined) {
    const root = process.env.BENCH_DIST ?? (temporary = mkdtempSync(join(tmpdir(), 'jobtap-sizes-')))
    dist = join(root, 'app')
    print('Building the app…')
    await build({ root: webDir, logLevel: 'warn', build: { outDir: dist, emptyOutDir: true, manifest: true } })
  }
  try {
    const section = report(measure(dist))
    print(`\n${section}\n`)
    if (!keepDocs()) {
      writeSection('sizes', section)
      print('Written to docs/benchmarks.md')
    }
  } finally {
    if (temporary) rmSync(temporary, { recursive: true, force: true })
  }
}

await main()
