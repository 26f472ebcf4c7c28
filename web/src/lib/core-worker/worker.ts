// The one worker that hosts the Rust core (wasm). It loads the module once;
// every method waits for that before calling into it.
import { expose } from 'comlink'
import init, {
  descriptionPreview,
  importTemplateCsv,
  importTemplateFileName,
} from './pkg/jobtap_wasm.js'

const ready = init()

/** The core's functions as seen from the main thread (all async there). */
const api = {
  /** The job card's description preview: first sentence, else 100 chars + "...". */
  async descriptionPreview(description: string): Promise<string> {
    await ready
    return descriptionPreview(description)
  },
  /** The bulk-import CSV template and its download file name. */
  async importTemplate(): Promise<{ fileName: string; csv: string }> {
    await ready
    return { fileName: importTemplateFileName(), csv: importTemplateCsv() }
  },
}

export type CoreApi = typeof api

expose(api)
