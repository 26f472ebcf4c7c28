import { useEffect, useState } from 'react'
import { useEmailPreview, type TemplateDraft, type TemplateKind } from '../api/email-templates'

/** Not in the spec: what the preview says. */
const MESSAGES = {
  heading: 'Preview',
  sample: 'With a sample candidate, Tendai Moyo, a Data Analyst job and sample feedback.',
  subject: 'Subject:',
  frame: 'The e-mail as the candidate receives it',
  waiting: 'The preview shows once the template is fixed.',
  failed: 'Could not show the preview',
} as const

/** How long typing pauses before the preview is asked for, in milliseconds. */
const SETTLE_MS = 350

/** `value`, once it has stopped changing for `ms`. */
function useSettled<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value)
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms)
    return () => clearTimeout(timer)
  }, [value, ms])
  return settled
}

/**
 * The e-mail the draft gives, from the server's preview (the function it sends with): its
 * subject, and its HTML in a sandboxed frame (no scripts, no links followed).
 */
export function EmailTemplatePreview({ kind, draft, valid }: { kind: TemplateKind; draft: TemplateDraft; valid: boolean }) {
  const settled = useSettled(draft, SETTLE_MS)
  const preview = useEmailPreview(kind, settled, valid)
  return (
    <section aria-label={MESSAGES.heading} className="mt-5 min-w-0">
      <h3 className="text-sm font-semibold text-slate-800">{MESSAGES.heading}</h3>
      <p className="mt-0.5 text-xs text-slate-500">{MESSAGES.sample}</p>
      {!valid ? (
        <p className="mt-2 text-sm text-slate-600">{MESSAGES.waiting}</p>
      ) : preview.isError ? (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {MESSAGES.failed}
        </p>
      ) : (
        preview.data && (
          <div className="mt-2 overflow-hidden rounded-xl border border-slate-200" aria-busy={preview.isFetching}>
            <p className="border-b border-slate-200 bg-slate-50 px-3 py-2 text-sm break-words text-slate-800">
              <span className="font-medium">{MESSAGES.subject}</span> {preview.data.subject}
            </p>
            <iframe
              title={MESSAGES.frame}
              sandbox=""
              srcDoc={preview.data.html}
              className="block h-96 w-full bg-white"
            />
          </div>
        )
      )}
    </section>
  )
}
