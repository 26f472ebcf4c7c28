// Parsing an uploaded CSV for the preview: in the core worker, never on the main thread.
import { getCore } from '@/lib/core-worker'
import type { ImportPreview } from '@/lib/core-worker/import-preview'
import type { ServerSettings } from '@/entities/server-settings'
import { MESSAGES } from '../messages'

/** A file's preview, and the exact bytes that were previewed when one import can take them. */
export type CsvPreview = {
  preview: ImportPreview
  /**
   * An in-memory copy of the previewed bytes, uploaded on import: the file on disk may
   * be edited and saved again after the preview. Null when the file is over one
   * import's size, which is then refused anyway.
   */
  upload: File | null
}

/**
 * How much of a larger file is read first, so its first rows show while the
 * whole file is read and parsed: a few hundred rows, read and parsed in a few
 * milliseconds, where a screenful is a dozen.
 */
export const HEAD_BYTES = 256 * 1024
/** At most this many rows from the head (bounds the work for files of very short rows). */
export const HEAD_ROWS = 1000

/** At most this long is the whole file's parse held back for the head's rows to be drawn. */
const HEAD_PAINT_WAIT_MS = 100

/**
 * Resolves once the frame after now has been drawn, or after `HEAD_PAINT_WAIT_MS`; at once in
 * a hidden tab, which draws no frames (and runs its timers late).
 */
function afterNextPaint(): Promise<void> {
  if (document.visibilityState === 'hidden') return Promise.resolve()
  return new Promise((resolve) => {
    const frame = requestAnimationFrame(() =>
      setTimeout(() => {
        clearTimeout(timer)
        resolve()
      }, 0),
    )
    const timer = setTimeout(() => {
      cancelAnimationFrame(frame)
      resolve()
    }, HEAD_PAINT_WAIT_MS)
  })
}

/**
 * Previews `file` in the core worker, which also reads it: the page's thread only
 * hands over the file, so it stays free to draw. At most one byte past the
 * preview limit is read, enough for the core to refuse a larger file.
 *
 * A file larger than `HEAD_BYTES` is previewed twice: first its head, handed to
 * `onHead` when it has rows (never final: no counts, and its problems are left
 * to the whole file's parse, which reports them), then the whole file. `onHead` must
 * commit the rows before it returns: the whole file's parse starts once the next frame
 * has been drawn, so it does not share the cores with the frame that draws them. `limits`
 * are the server's: the preview's, and one import's size, up to which the previewed bytes
 * are kept for the upload.
 */
export async function previewCsv(
  file: File,
  limits: Pick<ServerSettings, 'import_limits' | 'preview_limits'>,
  onHead?: (head: ImportPreview) => void,
): Promise<CsvPreview> {
  const core = getCore()
  if (onHead && file.size > HEAD_BYTES) {
    // A head that fails is left to the whole file's parse, which reports the problem.
    const head = await core.previewImportFileHead(file, HEAD_BYTES, HEAD_ROWS).catch(() => null)
    if (head !== null && head.rowCount > 0) {
      onHead(head)
      await afterNextPaint()
    }
  }
  const { preview, copy } = await core.previewImportFile(file, limits.preview_limits, limits.import_limits.maxBytes)
  return { preview, upload: copy }
}

/** The core's kinds of refused file whose message is the spec's own toast. */
const SPEC_MESSAGE_KINDS = new Set(['not_csv', 'no_jobs'])

/**
 * The toast for a file the core refused (its error is named by the core's kind): the spec's own
 * message where it has one, else its parse failure with the reason.
 */
export function previewFailureToast(error: unknown): { title: string; description?: string } {
  const message = error instanceof Error ? error.message : ''
  if (error instanceof Error && SPEC_MESSAGE_KINDS.has(error.name)) return { title: message }
  return { title: MESSAGES.parseFailed, description: message || undefined }
}
