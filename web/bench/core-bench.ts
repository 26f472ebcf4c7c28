// The core benchmark page: the resume PDF (wasm core vs jsPDF, both in one worker),
// the QR code PNG (wasm core vs the qrcode package, both on the main thread, where
// qrcode's canvas renderer must run) and the fit score of 1,000 jobs (in the worker),
// all in one page and one Chromium run.
import { wrap } from 'comlink'
import QRCode from 'qrcode'
import init, { qrPng } from '@/lib/core-worker/pkg/jobtap_wasm.js'
import { benchProfile, SHARE_URL, twoPageResume, varyJobs } from './core-bench-data'
import type { CoreBenchWorkerApi, PdfEngine, ScoreWorkload } from './core-bench-worker'

export type BenchOptions = { runs: number; warmup: number; sampleMs: number; jobs: number }

/** Samples are milliseconds per call; `calls` is how many calls each sample averaged. */
export type Series = { samples: number[]; calls: number }

export type CoreBenchResult = {
  pdf: {
    /** Per PDF, timed inside the worker. */
    compute: Record<PdfEngine, Series>
    /** One PDF from the page: ask the worker, hold the bytes. */
    roundTrip: Record<PdfEngine, number[]>
    pages: Record<PdfEngine, number>
    bytes: Record<PdfEngine, number>
  }
  qr: {
    /** Characters in the encoded link. */
    dataLength: number
    compute: Record<QrEngine, Series>
    /** The decoded image's width and height, in pixels. */
    size: Record<QrEngine, [number, number]>
    bytes: Record<QrEngine, number>
  }
  score: {
    jobs: number
    /** Each workload over jobs holding only the score's five fields. */
    fields: Record<ScoreWorkload, Series>
    /** Jobs with every field the feed holds (description, benefits, …): preparing and scoring them. */
    full: Record<FullWorkload, Series>
    /** Scoring from the page: ask the worker, hold the scores (typed arrays transferred). */
    roundTrip: number[]
    meeting: number
    /** Jobs whose `scoreAll` percentage or flag differs from `scoreMany`'s (must be none). */
    differing: number
  }
}

const fullWorkloads = ['scoreAll', 'prepare'] as const
type FullWorkload = (typeof fullWorkloads)[number]

const worker = wrap<CoreBenchWorkerApi>(new Worker(new URL('./core-bench-worker.ts', import.meta.url), { type: 'module' }))

/**
 * How many calls make one sample last about `sampleMs`: doubles from one call until a
 * batch takes 20 ms, then scales (the clock's coarse 0.1 ms steps would swamp one call).
 */
async function calibrate(batch: (calls: number) => Promise<number>, sampleMs: number): Promise<number> {
  // A first call compiles and warms the code, so it does not set the count.
  await batch(1)
  let calls = 1
  for (;;) {
    const perCall = await batch(calls)
    if (perCall * calls >= 20 || calls >= 1 << 20) {
      // The fastest of four batches, so a batch slowed by other work does not shrink every sample.
      let fastest = perCall
      for (let i = 0; i < 3; i++) fastest = Math.min(fastest, await batch(calls))
      return Math.max(1, Math.ceil(sampleMs / Math.max(fastest, 1e-6)))
    }
    calls *= 2
  }
}

/** Runs every engine `warmup + runs` times, in an order that rotates each round. */
async function rounds<E extends string>(
  engines: readonly E[],
  options: BenchOptions,
  sample: (engine: E) => Promise<void>,
): Promise<void> {
  for (let round = 0; round < options.warmup + options.runs; round++) {
    for (let k = 0; k < engines.length; k++) await sample(engines[(round + k) % engines.length] as E)
  }
}

/** Counts the page objects of a PDF (`/Type /Page`, not `/Pages`). */
function pdfPages(bytes: Uint8Array): number {
  return new TextDecoder('latin1').decode(bytes).match(/\/Type\s*\/Page(?![A-Za-z])/g)?.length ?? 0
}

async function benchPdf(options: BenchOptions): Promise<CoreBenchResult['pdf']> {
  const text = twoPageResume()
  const engines = ['wasm', 'jspdf'] as const
  const result: CoreBenchResult['pdf'] = {
    compute: { wasm: { samples: [], calls: 0 }, jspdf: { samples: [], calls: 0 } },
    roundTrip: { wasm: [], jspdf: [] },
    pages: { wasm: 0, jspdf: 0 },
    bytes: { wasm: 0, jspdf: 0 },
  }
  for (const engine of engines) {
    const bytes = await worker.pdf(engine, text)
    result.pages[engine] = pdfPages(bytes)
    result.bytes[engine] = bytes.length
    result.compute[engine].calls = await calibrate(
      async (calls) => (await worker.pdfBatch(engine, text, calls)).ms,
      options.sampleMs,
    )
  }
  const seen = { wasm: 0, jspdf: 0 }
  await rounds(engines, options, async (engine) => {
    const keep = seen[engine]++ >= options.warmup
    const { ms } = await worker.pdfBatch(engine, text, result.compute[engine].calls)
    const start = performance.now()
    await worker.pdf(engine, text)
    const trip = performance.now() - start
    if (keep) {
      result.compute[engine].samples.push(ms)
      result.roundTrip[engine].push(trip)
    }
  })
  return result
}

/** Each engine's image as PNG bytes, to check what it drew (not timed). */
const qrImages = {
  /** The core's PNG bytes, as the QR dialog shows them (through a Blob URL). */
  wasm: async () => qrPng(SHARE_URL) as Uint8Array<ArrayBuffer>,
  /** qrcode's data URL, decoded (the page's CSP does not let `fetch` read data: URLs). */
  qrcode: async () => Uint8Array.from(atob((await qrToDataUrl()).split(',')[1] ?? ''), (c) => c.charCodeAt(0)),
}
type QrEngine = keyof typeof qrImages

/** qrcode's PNG data URL with the same size, margin and error correction (M, its default) as the core. */
function qrToDataUrl(): Promise<string> {
  return QRCode.toDataURL(SHARE_URL, { width: 300, margin: 2, errorCorrectionLevel: 'M' })
}

/** The timed calls: each engine's own output, PNG bytes from wasm and a data URL from qrcode. */
const qrCalls: Record<QrEngine, () => Promise<number>> = {
  wasm: async () => (qrPng(SHARE_URL) as Uint8Array).length,
  qrcode: async () => (await qrToDataUrl()).length,
}

async function qrBatch(engine: QrEngine, calls: number): Promise<number> {
  const start = performance.now()
  for (let i = 0; i < calls; i++) await qrCalls[engine]()
  return (performance.now() - start) / calls
}

async function benchQr(options: BenchOptions): Promise<CoreBenchResult['qr']> {
  await init()
  const engines = ['wasm', 'qrcode'] as const
  const result: CoreBenchResult['qr'] = {
    dataLength: SHARE_URL.length,
    compute: { wasm: { samples: [], calls: 0 }, qrcode: { samples: [], calls: 0 } },
    size: { wasm: [0, 0], qrcode: [0, 0] },
    bytes: { wasm: 0, qrcode: 0 },
  }
  for (const engine of engines) {
    const png = await qrImages[engine]()
    const bitmap = await createImageBitmap(new Blob([png], { type: 'image/png' }))
    result.size[engine] = [bitmap.width, bitmap.height]
    result.bytes[engine] = png.length
    bitmap.close()
    result.compute[engine].calls = await calibrate((calls) => qrBatch(engine, calls), options.sampleMs)
  }
  const seen = { wasm: 0, qrcode: 0 }
  await rounds(engines, options, async (engine) => {
    const ms = await qrBatch(engine, result.compute[engine].calls)
    if (seen[engine]++ >= options.warmup) result.compute[engine].samples.push(ms)
  })
  return result
}

async function benchScore(options: BenchOptions): Promise<CoreBenchResult['score']> {
  const profile = benchProfile()
  const fieldWorkloads: ScoreWorkload[] = ['scoreAll', 'prepare', 'prepareAndScore', 'explain', 'scoreMany']
  const tasks = [
    ...fieldWorkloads.map((workload) => ({ shape: 'fields', workload })),
    ...fullWorkloads.map((workload) => ({ shape: 'full', workload })),
  ] as const
  const series = new Map(tasks.map((t) => [`${t.shape}:${t.workload}`, { samples: [] as number[], calls: 0 }]))
  const seriesOf = (t: (typeof tasks)[number]) => series.get(`${t.shape}:${t.workload}`) as Series
  for (const shape of ['fields', 'full'] as const) {
    const held = await worker.holdJobs(shape, varyJobs(options.jobs, shape === 'full'))
    if (held !== options.jobs) throw new Error(`Prepared ${held} jobs, not ${options.jobs}`)
  }
  for (const task of tasks) {
    seriesOf(task).calls = await calibrate(
      async (calls) => (await worker.scoreBatch(task.workload, task.shape, profile, calls)).ms,
      options.sampleMs,
    )
  }
  const { differing } = await worker.sameAsScoreMany('fields', profile)
  const roundTrip: number[] = []
  let meeting = 0
  const keys = tasks.map((t) => `${t.shape}:${t.workload}`)
  const seen = new Map(keys.map((k) => [k, 0]))
  await rounds(keys, options, async (key) => {
    const task = tasks[keys.indexOf(key)] as (typeof tasks)[number]
    const keep = (seen.get(key) ?? 0) >= options.warmup
    seen.set(key, (seen.get(key) ?? 0) + 1)
    const { ms } = await worker.scoreBatch(task.workload, task.shape, profile, seriesOf(task).calls)
    if (keep) seriesOf(task).samples.push(ms)
    if (key !== 'fields:scoreAll') return
    const start = performance.now()
    const scores = await worker.scores('fields', profile)
    if (keep) roundTrip.push(performance.now() - start)
    if (scores.meets.length !== options.jobs) throw new Error(`Scored ${scores.meets.length} jobs, not ${options.jobs}`)
    meeting = scores.meets.reduce((n, met) => n + met, 0)
  })
  const pick = <W extends string>(shape: string, names: readonly W[]) =>
    Object.fromEntries(names.map((w) => [w, series.get(`${shape}:${w}`) as Series])) as Record<W, Series>
  return {
    jobs: options.jobs,
    fields: pick('fields', fieldWorkloads),
    full: pick('full', fullWorkloads),
    roundTrip,
    meeting,
    differing,
  }
}

async function run(options: BenchOptions): Promise<CoreBenchResult> {
  return { pdf: await benchPdf(options), qr: await benchQr(options), score: await benchScore(options) }
}

declare global {
  interface Window {
    jobtapCoreBench?: { run: typeof run }
  }
}

window.jobtapCoreBench = { run }
