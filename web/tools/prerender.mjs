// Writes the public pages' HTML (issue #31): each path of PRERENDERED_PATHS rendered by the
// server build of `src/app/prerender.tsx` into a copy of the built index.html, at
// dist/prerendered/<path>.html ("/" is index.html). The server answers those paths with it
// (`api/src/http/web.rs`); every other client route keeps the empty index.html. Each path of
// PRELOADED_PAGES gets the empty shell with modulepreload links for its route's code, read from
// Vite's manifest (dist/.vite/manifest.json, removed afterwards: the app never reads it).
// It also refuses a build whose files import each other in a cycle (assertNoImportCycle).
// Run by `npm run build` after both vite builds and before precompressing.
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'

const WEB = new URL('..', import.meta.url).pathname
const DIST = join(WEB, 'dist')
const SERVER_BUILD = join(WEB, 'dist-ssr')
const ROOT = '<div id="root"></div>'
const HOISTED = /^(?:<link [^>]*\/>|<meta [^>]*\/>|<title>[^<]*<\/title>)+/

// The production React, as in the browser's bundle.
process.env.NODE_ENV = 'production'
const { PRERENDERED_PATHS, PRELOADED_PAGES, renderPage } = await import(join(SERVER_BUILD, 'prerender.js'))
const shell = await readFile(join(DIST, 'index.html'), 'utf8')
if (!shell.includes(ROOT)) throw new Error(`dist/index.html has no empty ${ROOT}`)

/** Where the build writes the HTML of client route `path`. */
function pageFile(path) {
  return join(DIST, 'prerendered', path === '/' ? 'index.html' : `${path.slice(1)}.html`)
}

for (const path of PRERENDERED_PATHS) {
  const rendered = await renderPage(path)
  // React writes the page's hoisted elements (<title>, preload links) ahead of the body; they go
  // into the head, the page's <title> in place of the document's one.
  const head = HOISTED.exec(rendered)?.[0] ?? ''
  const body = rendered.slice(head.length)
  const title = /<title>[^<]*<\/title>/.exec(head)?.[0]
  let html = shell.replace(ROOT, () => `<div id="root">${body}</div>`)
  if (title) html = html.replace(/<title>[^<]*<\/title>/, () => title)
  html = html.replace('</head>', () => `${head.replace(title ?? '', '')}</head>`)
  const file = pageFile(path)
  await mkdir(dirname(file), { recursive: true })
  await writeFile(file, html)
}
const manifestFile = join(DIST, '.vite', 'manifest.json')
const manifest = JSON.parse(await readFile(manifestFile, 'utf8'))
// No two built files may import each other, directly or through others. In such a cycle one file
// runs before the other has defined what it imports, and reads it as undefined; rolldown does
// not refuse it, and the chunk groups of vite.config.ts decide whether
// one appears.
function assertNoImportCycle() {
  const state = new Map() // key -> 'open' while its imports are walked, 'done' after
  const walk = (key, path) => {
    if (state.get(key) === 'done') return
    if (state.get(key) === 'open') {
      const cycle = [...path.slice(path.indexOf(key)), key].map((k) => manifest[k]?.file ?? k)
      throw new Error(`the built files import each other: ${cycle.join(' -> ')}`)
    }
    state.set(key, 'open')
    for (const imported of manifest[key]?.imports ?? []) walk(imported, [...path, key])
    state.set(key, 'done')
  }
  for (const key of Object.keys(manifest)) walk(key, [])
}
assertNoImportCycle()
/** The manifest's key of `source`: a source path, or the name of a chunk group (no source of its own). */
function manifestKey(source) {
  if (manifest[source]) return source
  const group = Object.keys(manifest).filter((key) => manifest[key].name === source && !manifest[key].src)
  if (group.length !== 1) throw new Error(`Vite's manifest has no ${source}`)
  return group[0]
}
/** The built files of `sources` (see manifestKey) and of everything they import statically. */
function builtFiles(sources) {
  const files = new Set()
  const visit = (key) => {
    const chunk = manifest[key]
    if (!chunk) throw new Error(`Vite's manifest has no ${key}`)
    if (files.has(chunk.file)) return
    files.add(chunk.file)
    for (const imported of chunk.imports ?? []) visit(imported)
  }
  for (const source of sources) visit(manifestKey(source))
  return [...files]
}
for (const [path, sources] of Object.entries(PRELOADED_PAGES)) {
  // A chunk group named for a page holds that page's code: another page's file importing it would
  // load all of it (a group takes in whatever its modules use that no earlier group took).
  for (const source of sources.filter((s) => !manifest[s])) {
    const group = manifestKey(source)
    const importers = Object.keys(manifest).filter((key) => manifest[key].imports?.includes(group))
    if (importers.length > 0) {
      throw new Error(`${importers.map((key) => manifest[key].file ?? key).join(', ')} import ${source}'s code`)
    }
  }
  // What the shell already loads (the entry and its imports) is not named twice.
  const links = builtFiles(sources)
    .filter((file) => !shell.includes(`/${file}"`))
    .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`)
    .join('')
  const file = pageFile(path)
  await mkdir(dirname(file), { recursive: true })
  await writeFile(file, shell.replace('</head>', () => `${links}</head>`))
}
await rm(join(DIST, '.vite'), { recursive: true, force: true })
await rm(SERVER_BUILD, { recursive: true, force: true })
process.stdout.write(
  `prerendered ${PRERENDERED_PATHS.length} pages: ${PRERENDERED_PATHS.join(' ')}; ` +
    `code named ahead on ${Object.keys(PRELOADED_PAGES).join(' ')}\n`,
)
