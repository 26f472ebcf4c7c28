// The benchmark's second worker: the PapaParse baseline, and the wasm preview
// split into its two steps (the core's parse, then copying the packed table out
// of wasm memory) to show what dominates.
import { expose, transfer } from 'comlink'
import init, { previewImportPacked } from '@/lib/core-worker/pkg/jobtap_wasm.js'
import {
  fromWasmPreview,
  packPreview,
  previewTransferables,
  type ImportLimits,
  type ImportPreview,
} from '@/lib/core-worker/import-preview'
import { jsPreviewImport } from './js-preview-import'
import { papaLean, udsvLean, type LeanCounts } from './lean-baselines'

const ready = init()

/**
 * Milliseconds spent inside the worker, by step: the parse and rules, then
 * making the packed table (PapaParse: packing its rows in JavaScript; wasm:
 * copying the table the core packed out of wasm memory).
 */
export type StepTimes = { preview: number; pack: number }

export type BenchResult = { preview: ImportPreview; steps: StepTimes }

/** A lean JavaScript contender's time inside the worker, on text decoded before the clock started. */
export type LeanResult = { ms: number; counts: LeanCounts }

const decoder = new TextDecoder()

function timed<T>(run: () => T, pack: (raw: T) => ImportPreview): BenchResult {
  const start = performance.now()
  const raw = run()
  const previewed = performance.now()
  const preview = pack(raw)
  const steps = { preview: previewed - start, pack: performance.now() - previewed }
  return transfer({ preview, steps }, previewTransferables(preview))
}

const api = {
  /** PapaParse (`header: true`) + the same rules in JavaScript, packed in JavaScript to the core's layout. */
  async papa(fileName: string, bytes: Uint8Array, limits: ImportLimits): Promise<BenchResult> {
    return timed(() => jsPreviewImport(fileName, bytes, limits), packPreview)
  },
  /** The core's `previewImportPacked` (wasm), timed apart from copying its table out. */
  async wasm(fileName: string, bytes: Uint8Array, limits: ImportLimits): Promise<BenchResult> {
    await ready
    return timed(() => previewImportPacked(fileName, bytes, limits), fromWasmPreview)
  },
  /** uDSV or PapaParse in their lean configuration (lean-baselines.ts), given the text already decoded. */
  async lean(engine: 'udsv' | 'papa', bytes: Uint8Array): Promise<LeanResult> {
    const text = decoder.decode(bytes)
    const start = performance.now()
    const counts = engine === 'udsv' ? udsvLean(text) : papaLean(text)
    return { ms: performance.now() - start, counts }
  },
}

export type BenchWorkerApi = typeof api

expose(api)
