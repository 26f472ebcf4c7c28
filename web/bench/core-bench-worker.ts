// The core benchmark's worker: the resume PDF through the wasm core and through
// jsPDF, and the fit score of the jobs it holds, each timed here, in the worker,
// so both PDF engines run under the same conditions.
import { expose, transfer } from 'comlink'
import init, { resumePdf, scoreMany } from '@/lib/core-worker/pkg/jobtap_wasm.js'
import { jsResumePdf } from './js-resume-pdf'

const ready = init()

const pdfEngines = {
  wasm: (text: string) => resumePdf(text) as Uint8Array<ArrayBuffer>,
  jspdf: jsResumePdf,
}
export type PdfEngine = keyof typeof pdfEngines

/** Job lists as a page would already hold them, by name; each sent once, before any timing. */
const jobLists = new Map<string, unknown[]>()

/** Milliseconds per call over `calls` back-to-back calls (the timer is too coarse for one). */
function perCall(calls: number, run: () => number): { ms: number; check: number } {
  let check = 0
  const start = performance.now()
  for (let i = 0; i < calls; i++) check += run()
  return { ms: (performance.now() - start) / calls, check }
}

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
  /** Keeps `jobs` under `name` for the fit score: the one-time transfer, not timed. */
  async holdJobs(name: string, jobs: unknown[]): Promise<number> {
    jobLists.set(name, jobs)
    return jobs.length
  },
  /** `calls` × `scoreMany(profile, jobs)` over the jobs held under `name`: milliseconds per call. */
  async scoreBatch(name: string, profile: unknown, calls: number) {
    await ready
    const jobs = jobLists.get(name) ?? []
    return perCall(calls, () => (scoreMany(profile, jobs) as unknown[]).length)
  },
  /** The scores of the jobs held under `name`, sent back to the page (structured clone). */
  async scores(name: string, profile: unknown): Promise<Array<{ meetsThreshold: boolean }>> {
    await ready
    return scoreMany(profile, jobLists.get(name) ?? []) as Array<{ meetsThreshold: boolean }>
  },
}

export type CoreBenchWorkerApi = typeof api

expose(api)
