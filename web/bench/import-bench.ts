// The benchmark page: the core worker (wasm) against PapaParse + the same rules
// in JavaScript, both in a worker, both sent the file's bytes transferred and
// both answering with the same packed table, in the same page and run.
import { transfer, wrap } from 'comlink'
import { getCore } from '@/lib/core-worker'
import type { ImportLimits, ImportPreview } from '@/lib/core-worker/import-preview'
import type { BenchWorkerApi, StepTimes } from './bench-worker'
import { generateImportCsv } from './generate-import-csv'

/** Large enough for the biggest file: the limits are not what is measured. */
const LIMITS: ImportLimits = { maxRows: 1_000_000, maxBytes: 1024 * 1024 * 1024 }

/** One timed run: from sending the bytes to holding the table on the main thread. */
export type Sample = { ms: number; longTasks: number[]; steps?: StepTimes }

export type SizeResult = {
  rows: number
  bytes: number
  validCount: number
  invalidCount: number
  /** Whether both engines produced the same table, row for row. */
  identical: boolean
  /** The app's core worker: wasm `previewImportPacked`, copied out of wasm memory. */
  core: Sample[]
  /** The bench worker: PapaParse + JavaScript rules, packed in JavaScript to the same layout. */
  papa: Sample[]
  /** The bench worker's wasm run, split into the core's call and copying its table out. */
  wasmSteps: Sample[]
  /** uDSV (`stringArrs`) with the lean checks, ms inside the bench worker on decoded text. */
  udsv: number[]
  /** PapaParse (`header: true`) with the lean checks, ms inside the bench worker on decoded text. */
  papaLean: number[]
  /** Rows each lean contender read (valid + invalid): the same as the core's, or they parsed another file. */
  leanRows: { udsv: number; papaLean: number }
}

export type BenchOptions = { sizes: Array<{ rows: number; runs: number }>; warmup: number }

const bench = wrap<BenchWorkerApi>(new Worker(new URL('./bench-worker.ts', import.meta.url), { type: 'module' }))

/** Resolves after the next frame and the task after it, so long tasks of the answer are reported. */
function settle(): Promise<void> {
  return new Promise((resolve) => {
    requestAnimationFrame(() => {
      const channel = new MessageChannel()
      channel.port1.onmessage = () => resolve()
      channel.port2.postMessage(null)
    })
  })
}

async function measure(parse: () => Promise<{ preview: ImportPreview; steps?: StepTimes }>) {
  const longTasks: number[] = []
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) longTasks.push(entry.duration)
  })
  observer.observe({ type: 'longtask' })
  const start = performance.now()
  const { preview, steps } = await parse()
  const ms = performance.now() - start
  await settle()
  for (const entry of observer.takeRecords()) longTasks.push(entry.duration)
  observer.disconnect()
  const sample: Sample = { ms, longTasks, steps }
  return { sample, preview }
}

function sameTable(a: ImportPreview, b: ImportPreview): boolean {
  const equal = (x: ArrayLike<number>, y: ArrayLike<number>) =>
    x.length === y.length && Array.prototype.every.call(x, (v: number, i: number) => v === y[i])
  return (
    equal(a.text, b.text) &&
    a.summary === b.summary &&
    equal(a.offsets, b.offsets) &&
    equal(a.rowNumbers, b.rowNumbers) &&
    equal(a.valid, b.valid) &&
    equal(a.invalidRows, b.invalidRows)
  )
}

const engines = {
  core: (bytes: Uint8Array) =>
    getCore()
      .previewImport('bench.csv', transfer(bytes, [bytes.buffer]), LIMITS)
      .then((preview) => ({ preview })),
  papa: (bytes: Uint8Array) => bench.papa('bench.csv', transfer(bytes, [bytes.buffer]), LIMITS),
  wasmSteps: (bytes: Uint8Array) => bench.wasm('bench.csv', transfer(bytes, [bytes.buffer]), LIMITS),
}
type Engine = keyof typeof engines
type Lean = 'udsv' | 'papaLean'
const ORDER: Array<Engine | Lean> = ['core', 'papa', 'wasmSteps', 'udsv', 'papaLean']

function isLean(engine: Engine | Lean): engine is Lean {
  return engine === 'udsv' || engine === 'papaLean'
}

async function runSize(rows: number, runs: number, warmup: number): Promise<SizeResult> {
  const bytes = new TextEncoder().encode(generateImportCsv(rows))
  const samples: Record<Engine, Sample[]> = { core: [], papa: [], wasmSteps: [] }
  const lean: Record<Lean, number[]> = { udsv: [], papaLean: [] }
  const leanRows = { udsv: 0, papaLean: 0 }
  const last: Partial<Record<Engine, ImportPreview>> = {}
  for (let round = 0; round < warmup + runs; round++) {
    // The order rotates each round, so no engine always runs first (or after the other's garbage).
    for (let k = 0; k < ORDER.length; k++) {
      const engine = ORDER[(round + k) % ORDER.length] as Engine | Lean
      const copy = bytes.slice()
      // The copy is not part of the parse: let its task end before long tasks are watched.
      await settle()
      if (isLean(engine)) {
        const { ms, counts } = await bench.lean(engine === 'udsv' ? 'udsv' : 'papa', transfer(copy, [copy.buffer]))
        if (round >= warmup) lean[engine].push(ms)
        leanRows[engine] = counts.valid + counts.invalid
        continue
      }
      const { sample, preview } = await measure(() => engines[engine](copy))
      if (round >= warmup) samples[engine].push(sample)
      last[engine] = preview
    }
  }
  const core = last.core as ImportPreview
  return {
    rows,
    bytes: bytes.length,
    validCount: core.validCount,
    invalidCount: core.invalidCount,
    identical: sameTable(core, last.papa as ImportPreview) && sameTable(core, last.wasmSteps as ImportPreview),
    ...samples,
    ...lean,
    leanRows,
  }
}

async function run(options: BenchOptions): Promise<SizeResult[]> {
  const results: SizeResult[] = []
  for (const { rows, runs } of options.sizes) results.push(await runSize(rows, runs, options.warmup))
  return results
}

declare global {
  interface Window {
    jobtapImportBench?: { run: typeof run; generate: (rows: number) => string }
  }
}

window.jobtapImportBench = { run, generate: (rows) => generateImportCsv(rows) }
