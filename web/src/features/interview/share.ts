// Sharing the report (spec, candidate §2): the device share sheet where there
// is one, otherwise the clipboard.

export type ShareOutcome = 'shared' | 'copied' | 'cancelled' | 'failed'

type ShareTarget = {
  share?: (data: ShareData) => Promise<void>
  clipboard?: Pick<Clipboard, 'writeText'>
}

/** Shares `text` through the share sheet, or copies it when there is none or it fails. */
export async function shareResults(title: string, text: string, target: ShareTarget = navigator): Promise<ShareOutcome> {
  if (typeof target.share === 'function') {
    try {
      await target.share({ title, text })
      return 'shared'
    } catch (error) {
      // The user closed the sheet: nothing to do. Anything else falls back to the clipboard.
      if (error instanceof DOMException && error.name === 'AbortError') return 'cancelled'
    }
  }
  try {
    if (!target.clipboard) return 'failed'
    await target.clipboard.writeText(text)
    return 'copied'
  } catch {
    return 'failed'
  }
}
