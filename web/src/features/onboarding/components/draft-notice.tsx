import { RotateCcw, X } from 'lucide-react'
import { useId } from 'react'
import { Button } from '@/components/button'
import { formatFileSize } from '@/lib/file-size'
import type { FileNote, FileNotes } from '../draft'

/** Which file of the draft: the picture, the resume, or the certificate at that index. */
export type LostFile = { slot: 'avatar' | 'resume' } | { slot: 'certificate'; index: number }

/**
 * Said when onboarding reopens from its draft: the answers are back (and can be dropped with
 * "Start over"), and the files chosen before are named, to be chosen again, since a file is only
 * held while the page is open.
 */
export function DraftNotice({
  lost,
  busy,
  onForget,
  onStartOver,
}: {
  /** The files chosen before the reload and not chosen again yet. */
  lost: FileNotes
  busy: boolean
  onForget: (file: LostFile) => void
  onStartOver: () => void
}) {
  const id = useId()
  const items: { note: FileNote; where: string; file: LostFile }[] = [
    ...(lost.avatar ? [{ note: lost.avatar, where: 'Profile picture, step 1', file: { slot: 'avatar' as const } }] : []),
    ...(lost.resume ? [{ note: lost.resume, where: 'Resume, step 1', file: { slot: 'resume' as const } }] : []),
    ...lost.certificates.map((note, index) => ({
      note,
      where: 'Certificate, step 2',
      file: { slot: 'certificate' as const, index },
    })),
  ]
  return (
    <div className="mt-6 space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-3 rounded-xl bg-brand-50 px-4 py-3 text-sm text-slate-700">
        <p role="status" className="min-w-0 flex-1">
          Your answers so far were kept. Nothing is saved until you complete setup.
        </p>
        <Button variant="outline" size="sm" onClick={onStartOver} disabled={busy}>
          <RotateCcw aria-hidden="true" />
          Start over
        </Button>
      </div>
      {items.length > 0 && (
        <section
          aria-labelledby={id}
          className="rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950"
        >
          <p id={id} className="font-semibold">
            Choose these files again
          </p>
          <p className="mt-1">
            Files are held only while this page is open and are sent when you complete setup, so these were not
            kept when the page was reloaded or closed.
          </p>
          <ul className="mt-2 space-y-2">
            {items.map(({ note, where, file }) => (
              <li
                key={`${where}-${note.name}-${file.slot === 'certificate' ? file.index : 0}`}
                className="flex items-center justify-between gap-3 rounded-lg bg-white px-3 py-2 ring-1 ring-amber-200"
              >
                <span className="min-w-0 break-all">
                  <span className="font-medium text-slate-800">{note.name}</span>
                  <span className="ml-2 text-slate-600">
                    {where} · {formatFileSize(note.size)}
                  </span>
                </span>
                <button
                  type="button"
                  onClick={() => onForget(file)}
                  disabled={busy}
                  aria-label={`Forget ${note.name}`}
                  className="shrink-0 rounded-full p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-900 disabled:opacity-50"
                >
                  <X aria-hidden="true" className="size-4" />
                </button>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  )
}
