import { CheckCircle2, Download, FileText, FolderPlus, Undo2 } from 'lucide-react'
import { useId } from 'react'
import { Button } from '@/components/button'
import type { ResumeUpgrade } from '../api/upgrade-resume'
import { AtsScore } from './ats-score'

/** The upgraded resume: its score, what is still missing or was left out, its text, and the ways to keep it. */
export function UpgradedSection({
  upgrade,
  busy,
  offline,
  savedAs,
  onKeep,
  onDownloadPdf,
  onDownloadWord,
  onSave,
}: {
  upgrade: ResumeUpgrade
  busy: boolean
  offline: boolean
  /** The name it was saved under in My Documents, once saved. */
  savedAs: string | null
  /** Upgrade again, putting this left-out line back. */
  onKeep: (line: string) => void
  onDownloadPdf: () => void
  onDownloadWord: () => void
  onSave: () => void
}) {
  const id = useId()
  return (
    <section aria-label="Upgraded resume" className="space-y-4 border-t border-slate-100 pt-5">
      <AtsScore label="Upgraded ATS score" score={upgrade.score} />
      <p className="text-sm text-slate-600">
        From {upgrade.previousScore}% to {upgrade.score}%.
      </p>
      {!upgrade.meetsTarget && (upgrade.stillMissing ?? []).length > 0 && (
        <div>
          <h3 className="text-sm font-semibold text-slate-900">Still missing</h3>
          <ul aria-label="Still missing" className="mt-2 list-disc space-y-1 pl-5 text-sm text-slate-700">
            {(upgrade.stillMissing ?? []).map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        </div>
      )}
      {/* An upgrade saved on this device by an older version has no list. */}
      {(upgrade.leftOut ?? []).length > 0 && (
        <div>
          <h3 className="text-sm font-semibold text-slate-900">Left out of the upgrade</h3>
          <p className="mt-1 text-xs text-slate-500">Recruiters flag these lines. Keep one to put it back.</p>
          <ul aria-label="Left out" className="mt-2 space-y-1.5 text-sm text-slate-700">
            {(upgrade.leftOut ?? []).map((line) => (
              <li key={line} className="flex items-start justify-between gap-3">
                <span>“{line}”</span>
                <Button
                  variant="outline"
                  size="sm"
                  aria-label={`Keep “${line}”`}
                  onClick={() => onKeep(line)}
                  disabled={busy || offline}
                >
                  <Undo2 aria-hidden="true" />
                  Keep
                </Button>
              </li>
            ))}
          </ul>
        </div>
      )}
      <div>
        <h3 id={`${id}-upgraded`} className="text-sm font-semibold text-slate-900">
          Your upgraded resume
        </h3>
        <textarea
          aria-labelledby={`${id}-upgraded`}
          readOnly
          rows={12}
          value={upgrade.upgradedResume}
          className="mt-2 block w-full resize-y rounded-xl border border-slate-200 bg-slate-50 p-3 text-xs leading-relaxed text-slate-800 focus-visible:outline-2 focus-visible:outline-brand-600"
        />
      </div>
      <div className="flex flex-wrap gap-2">
        <Button onClick={onDownloadPdf} disabled={busy}>
          <Download aria-hidden="true" />
          Download PDF
        </Button>
        <Button variant="outline" onClick={onDownloadWord} disabled={busy || offline}>
          <FileText aria-hidden="true" />
          Download as Word
        </Button>
        <Button variant="outline" onClick={onSave} disabled={busy || savedAs !== null || offline}>
          {savedAs !== null ? <CheckCircle2 aria-hidden="true" /> : <FolderPlus aria-hidden="true" />}
          {savedAs !== null ? 'Saved to Documents' : 'Save to Documents'}
        </Button>
      </div>
      {savedAs !== null && <p className="text-xs text-slate-500">Saved as {savedAs} in My Documents.</p>}
    </section>
  )
}
