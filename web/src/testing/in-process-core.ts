// The core worker's import methods run in the test's own thread: jsdom has no
// Worker. Same wasm module, same packed answers; only the thread hop is left out.
import { readFile } from 'node:fs/promises'
import init, {
  emailTemplateProblem,
  importTemplateCsv,
  importTemplateFileName,
  previewImportHead,
  previewImportPacked,
  uploadProblem,
  uploadSizeProblem,
  validateJobPost,
  validateOnboardingStep,
} from '@/lib/core-worker/pkg/jobtap_wasm.js'
import type { FormCheck, OnboardingInput, UploadSlot } from '@/lib/core-worker/worker'
import { fromWasmPreview, type ImportLimits, type ImportPreview } from '@/lib/core-worker/import-preview'

let ready: Promise<unknown> | undefined

/**
 * The bytes of a file at `path`, relative to this folder (web/src/testing). The
 * path goes through a variable so Vite does not turn `new URL(…, import.meta.url)`
 * into an asset URL.
 */
export function readTestFile(path: string): Promise<Uint8Array<ArrayBuffer>> {
  return readFile(new URL(path, import.meta.url))
}

function loadWasm(): Promise<unknown> {
  ready ??= readTestFile('../lib/core-worker/pkg/jobtap_wasm_bg.wasm').then((bytes) => init({ module_or_path: bytes }))
  return ready
}

/** The subset of `CoreApi` the bulk-import and onboarding pages call, backed by the real wasm core. */
export const inProcessCore = {
  async importTemplate(): Promise<{ fileName: string; csv: string }> {
    await loadWasm()
    return { fileName: importTemplateFileName(), csv: importTemplateCsv() }
  },
  /** As the worker's: reads the file, previews it, and copies the bytes when at most `copyUpTo`. */
  async previewImportFile(
    file: File,
    limits: ImportLimits,
    copyUpTo: number,
  ): Promise<{ preview: ImportPreview; copy: File | null }> {
    const bytes = new Uint8Array(await file.slice(0, limits.maxBytes + 1).arrayBuffer())
    await loadWasm()
    const preview = fromWasmPreview(previewImportPacked(file.name, bytes, limits))
    const copy = bytes.length <= copyUpTo ? new File([bytes], file.name, { type: file.type || 'text/csv' }) : null
    return { preview, copy }
  },
  async previewImportFileHead(file: File, headBytes: number, maxRows: number): Promise<ImportPreview> {
    const bytes = new Uint8Array(await file.slice(0, headBytes).arrayBuffer())
    await loadWasm()
    return fromWasmPreview(previewImportHead(file.name, bytes, maxRows, file.size <= headBytes))
  },
  async uploadProblem(slot: UploadSlot, file: Blob): Promise<string | null> {
    await loadWasm()
    // A file over the limit is refused by its size, without reading it.
    const tooLarge = uploadSizeProblem(slot, file.size)
    if (tooLarge !== undefined) return tooLarge
    return uploadProblem(slot, new Uint8Array(await file.arrayBuffer())) ?? null
  },
  async emailTemplateProblem(part: 'subject' | 'body', text: string): Promise<string | null> {
    await loadWasm()
    return emailTemplateProblem(part, text) ?? null
  },
  async validateOnboardingStep(step: number, input: OnboardingInput): Promise<FormCheck> {
    await loadWasm()
    return validateOnboardingStep(step, input) as FormCheck
  },
  async validateJobPost(input: object): Promise<FormCheck> {
    await loadWasm()
    return validateJobPost(input, Date.now()) as FormCheck
  },
  async warmUpImport(): Promise<void> {
    await loadWasm()
  },
}
