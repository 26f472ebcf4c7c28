// Writes a Brotli (.br) and a gzip (.gz) copy beside each text asset of the build, once, so the
// server answers compressed without compressing per request (issue #31). A copy is kept only
// when it is smaller than the file. Run by `npm run build` after `vite build`.
import { readdir, readFile, stat, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'

const DIST = new URL('../dist/', import.meta.url).pathname
/** What the server serves precompressed (`api/src/http/web.rs`, `PRECOMPRESSED_TYPES`). */
const TEXT = /\.(js|mjs|css|wasm|json|svg|html|webmanifest|txt)$/
/** Below this, compressing saves less than the headers it adds. */
const MIN_BYTES = 1024

async function* files(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) yield* files(path)
    else yield path
  }
}

let original = 0
let brotli = 0
let count = 0
for await (const path of files(DIST)) {
  if (!TEXT.test(path) || (await stat(path)).size < MIN_BYTES) continue
  const bytes = await readFile(path)
  const br = brotliCompressSync(bytes, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
  })
  const gz = gzipSync(bytes, { level: 9 })
  if (br.length < bytes.length) await writeFile(`${path}.br`, br)
  if (gz.length < bytes.length) await writeFile(`${path}.gz`, gz)
  original += bytes.length
  brotli += Math.min(br.length, bytes.length)
  count += 1
}
process.stdout.write(`precompressed ${count} files: ${(original / 1024).toFixed(0)} KB → ${(brotli / 1024).toFixed(0)} KB with Brotli\n`)
