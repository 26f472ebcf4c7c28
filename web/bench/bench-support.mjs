// @ts-check
// What the core, sizes and criterion benchmark scripts share: statistics, formatting,
// the machine line and writing a marked section of docs/benchmarks.md.

import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { cpus, loadavg } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

export const webDir = resolve(dirname(fileURLToPath(import.meta.url)), '..')
export const repoDir = resolve(webDir, '..')
export const docsFile = join(repoDir, 'docs', 'benchmarks.md')

/** @param {string} text */
export const print = (text) => process.stdout.write(`${text}\n`)

/** @param {number[]} values */
export function median(values) {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? /** @type {number} */ (sorted[mid]) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2
}

/** A time given in milliseconds, with three significant digits: `12.3 µs`, `1.23 ms`, `123 ms`. @param {number} ms */
export const fmtMs = (ms) =>
  ms < 1 ? `${Number((ms * 1000).toPrecision(3))} µs` : `${ms >= 100 ? Math.round(ms) : Number(ms.toPrecision(3))} ms`

/** "median (min–max)" of millisecond samples. @param {number[]} values */
export const spread = (values) => `${fmtMs(median(values))} (${fmtMs(Math.min(...values))}–${fmtMs(Math.max(...values))})`

/** @param {number} n */
export const fmtInt = (n) => n.toLocaleString('en-US')

/** Kilobytes of 1,024 bytes, one decimal. @param {number} bytes */
export const fmtKb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`

/** The CPU model and count, and the 1-minute load average now (other work skews figures). */
export function machine() {
  return {
    cpu: `${cpus()[0]?.model.trim() ?? 'unknown CPU'} × ${cpus().length}`,
    load: loadavg()[0]?.toFixed(1) ?? '?',
  }
}

/** Today, as the date of a run. */
export const today = () => new Date().toISOString().slice(0, 10)

/**
 * Replaces the section between `<!-- bench:NAME:start -->` and `<!-- bench:NAME:end -->`
 * in docs/benchmarks.md (appending it when missing); other sections stay as they are.
 * @param {string} name
 * @param {string} section
 */
export function writeSection(name, section) {
  const start = `<!-- bench:${name}:start -->`
  const end = `<!-- bench:${name}:end -->`
  const block = `${start}\n${section}\n${end}`
  let text = existsSync(docsFile)
    ? readFileSync(docsFile, 'utf8')
    : '# Benchmarks\n\nMeasured figures, each section written by the command it names. Numbers depend on the machine; ' +
      'compare runs on the same one.\n'
  const from = text.indexOf(start)
  const to = text.indexOf(end)
  text =
    from !== -1 && to > from ? text.slice(0, from) + block + text.slice(to + end.length) : `${text.trimEnd()}\n\n${block}\n`
  writeFileSync(docsFile, text)
}

/** Whether the run should leave docs/benchmarks.md alone (`BENCH_NO_DOCS=1`). */
export const keepDocs = () => process.env.BENCH_NO_DOCS === '1'
