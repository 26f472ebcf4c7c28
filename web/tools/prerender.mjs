// Writes the public pages' HTML (issue #31): each path of PRERENDERED_PATHS rendered by the
// server build of `src/app/prerender.tsx` into a copy of the built index.html, at
// dist/prerendered/<path>.html ("/" is index.html). The server answers those paths with it
// (`api/src/http/web.rs`); every other client route keeps the empty index.html.
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
const { PRERENDERED_PATHS, renderPage } = await import(join(SERVER_BUILD, 'prerender.js'))
const shell = await readFile(join(DIST, 'index.html'), 'utf8')
if (!shell.includes(ROOT)) throw new Error(`dist/index.html has no empty ${ROOT}`)

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
  const file = join(DIST, 'prerendered', path === '/' ? 'index.html' : `${path.slice(1)}.html`)
  await mkdir(dirname(file), { recursive: true })
  await writeFile(file, html)
}
await rm(SERVER_BUILD, { recursive: true, force: true })
process.stdout.write(`prerendered ${PRERENDERED_PATHS.length} pages: ${PRERENDERED_PATHS.join(' ')}\n`)
