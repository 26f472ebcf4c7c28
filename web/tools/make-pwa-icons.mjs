// Writes the installable app's PNG icons into public/icons from the brand mark
// (public/favicon.svg), drawn by Debian's Chromium through Playwright, then reduced to
// 256 colours (UPNG: the gradient needs no more, and Chrome fetches the 192 px icon with the
// first page, on a phone's connection too). Run: node tools/make-pwa-icons.mjs
//   icon-192.png, icon-512.png   the mark as it is (rounded square, transparent corners)
//   maskable-512.png             full-bleed gradient, the rings inside the 80% safe zone,
//                                for launchers that cut their own shape
//   apple-touch-icon.png (180)   full-bleed too: iOS rounds the corners itself
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { chromium } from '@playwright/test'
import UPNG from 'upng-js'

const publicDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'public')
const outDir = join(publicDir, 'icons')
const mark = readFileSync(join(publicDir, 'favicon.svg'), 'utf8')

/** The mark without its rounded corners and with the rings scaled to `scale` around the centre. */
function fullBleed(scale) {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">
  <defs>
    <linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#7c3aed"/>
      <stop offset="1" stop-color="#db2777"/>
    </linearGradient>
  </defs>
  <rect width="64" height="64" fill="url(#g)"/>
  <g transform="translate(32 32) scale(${scale}) translate(-32 -32)">
    <circle cx="32" cy="32" r="17" fill="none" stroke="#fff" stroke-opacity=".45" stroke-width="4"/>
    <circle cx="32" cy="32" r="8" fill="#fff"/>
  </g>
</svg>`
}

const icons = [
  { file: 'icon-192.png', size: 192, svg: mark },
  { file: 'icon-512.png', size: 512, svg: mark },
  // The outer ring reaches 19/32 of the half-width; 0.8 keeps it within the safe circle (40% radius).
  { file: 'maskable-512.png', size: 512, svg: fullBleed(0.8) },
  { file: 'apple-touch-icon.png', size: 180, svg: fullBleed(1) },
]

mkdirSync(outDir, { recursive: true })
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox'] })
try {
  for (const { file, size, svg } of icons) {
    const page = await browser.newPage({ viewport: { width: size, height: size }, deviceScaleFactor: 1 })
    const sized = svg.replace('<svg ', `<svg width="${size}" height="${size}" `)
    await page.setContent(`<html><body style="margin:0;background:transparent">${sized}</body></html>`)
    const drawn = await page.locator('svg').screenshot({ omitBackground: true })
    const image = UPNG.decode(drawn)
    const rgba = UPNG.toRGBA8(image)[0]
    writeFileSync(join(outDir, file), Buffer.from(UPNG.encode([rgba], image.width, image.height, 256)))
    await page.close()
    process.stdout.write(`public/icons/${file} (${size}×${size})\n`)
  }
} finally {
  await browser.close()
}
