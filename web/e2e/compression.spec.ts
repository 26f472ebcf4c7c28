import { readdirSync } from 'node:fs'
import { get } from 'node:http'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { expect, test } from '@playwright/test'

// The built app's text assets come compressed as the client accepts: Brotli, else
// gzip, else as they are, and each decodes to exactly the file. Read with Node's raw HTTP
// client, which decodes nothing itself.

const assets = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist', 'assets')

type Answer = { status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }

function fetchRaw(url: string, acceptEncoding?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const headers = acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding }
    get(url, { headers }, (response) => {
      const chunks: Buffer[] = []
      response.on('data', (chunk: Buffer) => chunks.push(chunk))
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }))
      response.on('error', reject)
    }).on('error', reject)
  })
}

test('JavaScript, CSS and wasm decode to the same bytes from Brotli, gzip and no compression', async ({ baseURL }) => {
  const names = readdirSync(assets)
  const picks = ['.js', '.css', '.wasm'].map((ext) => {
    const name = names.find((n) => n.endsWith(ext) && names.includes(`${n}.br`))
    if (!name) throw new Error(`no precompressed ${ext} asset in the build`)
    return name
  })
  for (const name of picks) {
    const url = `${baseURL}/assets/${name}`
    const plain = await fetchRaw(url)
    expect(plain.status, name).toBe(200)
    expect(plain.headers['content-encoding'], name).toBeUndefined()
    expect(plain.headers.vary, name).toBe('accept-encoding')

    const br = await fetchRaw(url, 'gzip, deflate, br, zstd')
    expect(br.headers['content-encoding'], name).toBe('br')
    expect(br.headers['content-type'], name).toBe(plain.headers['content-type'])
    expect(br.body.length, name).toBeLessThan(plain.body.length)
    expect(brotliDecompressSync(br.body).equals(plain.body), name).toBe(true)

    const gz = await fetchRaw(url, 'gzip')
    expect(gz.headers['content-encoding'], name).toBe('gzip')
    expect(gunzipSync(gz.body).equals(plain.body), name).toBe(true)
  }
})

test('the prerendered pages decode to the same HTML from Brotli, gzip and no compression', async ({ baseURL }) => {
  for (const path of ['/', '/auth', '/employer/auth', '/hr-api']) {
    const url = `${baseURL}${path}`
    const plain = await fetchRaw(url)
    expect(plain.status, path).toBe(200)
    expect(plain.headers['content-encoding'], path).toBeUndefined()
    expect(plain.headers.vary, path).toBe('accept-encoding')
    expect(plain.body.toString('utf8'), path).toContain('<h1')

    const br = await fetchRaw(url, 'gzip, deflate, br, zstd')
    expect(br.headers['content-encoding'], path).toBe('br')
    expect(brotliDecompressSync(br.body).equals(plain.body), path).toBe(true)

    const gz = await fetchRaw(url, 'gzip')
    expect(gz.headers['content-encoding'], path).toBe('gzip')
    expect(gunzipSync(gz.body).equals(plain.body), path).toBe(true)
  }
})
