// The core benchmark's worker: the resume PDF through the wasm core and through
// jsPDF, and the fit score of the jobs it holds, each timed here, in the worker,
// so both PDF engines run under the same conditions.
//
// The fit score's jobs are prepared once (`new JobSet(jobs)`) when the worker receives
// them, as a page holding a feed would; the headline times `scoreAll` on that set. The
// preparation, the two together, one job's explanation and the former `scoreMany` are
// timed as well, so the figure can be read against what it leaves out.
import { expose, transfer } from 'comlink'
import init, * as wasm from '@/lib/core-worker/pkg/jobtap_wasm.js'
import { resumePdf } from '@/lib/core-worker/pkg/jobtap_wasm.js'
import { jsResumePdf } from './js-resume-pdf'

/**
 * The exports only the benchmark's build of the wasm package has (`jobtap-wasm`'s `bench`
 * feature; `run-core-bench.mjs` checks the package before building this page), as wasm-bindgen
 * declares them there. The app's package, which the type check sees, leaves them out.
 */
type JobScores = { readonly percentages: Float64Array; readonly meets: Uint8Array; free(): void }
type JobSet = { readonly length: number; scoreAll(profile: unknown): JobScores; explain(profile: unknown, index: number): unknown; free(): void }
type BenchExports = { JobSet: new (jobs: unknown) => JobSet; scoreMany(profile: unknown, jobs: unknown): unknown }
const { JobSet, scoreMany } = wasm as unknown as BenchExports

const ready = init()

const pdfEngines = {
  wasm: (text: string) => resumePdf(text) as Uint8Array<ArrayBuffer>,
  jspdf: jsResumePdf,
}
export type PdfEngine = keyof typeof pdfEngines

/** Job lists as a page would already hold them, by name, each with its prepared set; sent once, before any timing. */
const jobLists = new Map<string, { jobs: unknown[]; set: JobSet }>()

function held(name: string): { jobs: unknown[]; set: JobSet } {
  const list = jobLists.get(name)
  if (list === undefined) throw new Error(`No jobs held under ${name}`)
  return list
}

/** Milliseconds per call over `calls` back-to-back calls (the timer is too coarse for one). */
function perCall(calls: number, run: (i: number) => number): { ms: number; check: number } {
  let check = 0
  const start = performance.now()
  for (let i = 0; i < calls; i++) check += run(i)
  return { ms: (performance.now() - start) / calls, check }
}

/** Every job's score for `profile` as the page reads them: typed arrays out of wasm memory. */
function scoreAll(set: JobSet, profile: unknown): { percentages: Float64Array; meets: Uint8Array } {
  const scores = set.scoreAll(profile)
  const result = { percentages: scores.percentages, meets: scores.meets }
  scores.free()
  return result
}

/** The fit-score workloads, each one call over the jobs held under a name. */
const scoreWorkloads = {
  /** The prepared jobs scored: percentages and threshold flags of every job. */
  scoreAll: (name: string, profile: unknown) => scoreAll(held(name).set, profile).meets.length,
  /** Preparing the jobs (what the worker does once per job list). */
  prepare: (name: string) => {
    const set = new JobSet(held(name).jobs)
    const length = set.length
    set.free()
    return length
  },
  /** Both, for a page that scores a job list only once. */
  prepareAndScore: (name: string, profile: unknown) => {
    const set = new JobSet(held(name).jobs)
    const length = scoreAll(set, profile).meets.length
    set.free()
    return length
  },
  /** One job's full `FitScore` (explanations, missing skills), as the card opened shows it. */
  explain: (name: string, profile: unknown, i: number) => {
    const { set } = held(name)
    return (set.explain(profile, i % set.length) as { explanations: string[] }).explanations.length
  },
  /** The former binding: the jobs read out of JavaScript objects and 1,000 `FitScore` objects built, per call. */
  scoreMany: (name: string, profile: unknown) => (scoreMany(profile, held(name).jobs) as unknown[]).length,
}
export type ScoreWorkload = keyof typeof scoreWorkloads

const api = {
  /** One PDF, its bytes transferred back (the round trip a download makes). */
  async pdf(engine: PdfEngine, text: string): Promise<Uint8Array> {
    await ready
    const bytes = pdfEngines[engine](text)
    return transfer(bytes, [bytes.buffer])
  },
  /** `calls` PDFs back to back: milliseconds per PDF. */
  async pdfBatch(engine: PdfEngine, text: string, calls: number) {
    await ready
    return perCall(calls, () => pdfEngines[engine](text).length)
  },
  /** Keeps `jobs` under `name` and prepares them for the fit score: the one-time work on receiving them. */
  async holdJobs(name: string, jobs: unknown[]): Promise<number> {
    await ready
    jobLists.get(name)?.set.free()
    const set = new JobSet(jobs)
    jobLists.set(name, { jobs, set })
    return set.length
  },
  /** `calls` × one fit-score workload over the jobs held under `name`: milliseconds per call. */
  async scoreBatch(workload: ScoreWorkload, name: string, profile: unknown, calls: number) {
    await ready
    const run = scoreWorkloads[workload]
    return perCall(calls, (i) => run(name, profile, i))
  },
  /** The scores of the jobs held under `name`, their arrays transferred to the page. */
  async scores(name: string, profile: unknown): Promise<{ percentages: Float64Array; meets: Uint8Array }> {
    await ready
    const scores = scoreAll(held(name).set, profile)
    return transfer(scores, [scores.percentages.buffer, scores.meets.buffer])
  },
  /** Whether `scoreAll` and `scoreMany` agree on every job (not timed). */
  async sameAsScoreMany(name: string, profile: unknown): Promise<{ jobs: number; differing: number }> {
    await ready
    const { jobs, set } = held(name)
    const fast = scoreAll(set, profile)
    const plain = scoreMany(profile, jobs) as Array<{ scorePercentage: number; meetsThreshold: boolean }>
    let differing = Math.abs(plain.length - fast.percentages.length)
    plain.forEach((fit, i) => {
      if (fit.scorePercentage !== fast.percentages[i] || fit.meetsThreshold !== (fast.meets[i] === 1)) differing++
    })
    return { jobs: plain.length, differing }
  },
}

export type CoreBenchWorkerApi = typeof api

expose(api)
