import { Download, X } from 'lucide-react'
import { useState } from 'react'
import { Button } from '@/components/button'
import { MAX_BULK_APPLICATIONS, MSG_BULK_TOO_MANY } from '@/generated/catalogue'
import { ApiError } from '@/lib/api-client'
import { saveBlob } from '@/lib/save-blob'
import { toast } from '@/lib/toast'
import {
  EXPORT_FILE_NAME,
  exportSelectedCsv,
  useBulkAction,
  type BulkRequest,
  type EmployerApplication,
  type Rejection,
  type StageOption,
} from '../api/applications'
import { bulkResultText } from '../format'
import { MESSAGES } from '../messages'
import { bulkStages } from '../selection'
import { RejectionForm } from './reject-dialog'

/**
 * The bar under the list while applicants are selected: how many, "Move to…", "Reject…" (one
 * reason and feedback for all), "Export" and "Clear". Each action is one request; its toast says
 * what really happened, naming any applicant it could not be done for and why.
 */
export function SelectionBar({ selected, onClear }: { selected: EmployerApplication[]; onClear: () => void }) {
  const bulk = useBulkAction()
  const [rejecting, setRejecting] = useState(false)
  const [exporting, setExporting] = useState(false)
  if (selected.length === 0) return null
  const tooMany = selected.length > MAX_BULK_APPLICATIONS
  const busy = bulk.isPending || exporting
  const ids = selected.map((a) => a.id)
  const nameOf = (id: string) => selected.find((a) => a.id === id)?.candidate_name
  const stages = bulkStages(selected)

  async function run(request: BulkRequest): Promise<boolean> {
    try {
      const reply = await bulk.mutateAsync(request)
      const text = bulkResultText(reply, nameOf)
      if (reply.failed.length === 0) toast.success(text)
      else toast.error(text)
      onClear()
      return true
    } catch (err) {
      console.error(err)
      toast.error(MESSAGES.updateFailed, { description: err instanceof ApiError ? err.message : undefined })
      return false
    }
  }

  async function reject(rejection: Rejection) {
    if (await run({ ids, action: 'reject', ...rejection })) setRejecting(false)
  }

  async function exportCsv() {
    setExporting(true)
    try {
      saveBlob(await exportSelectedCsv(ids), EXPORT_FILE_NAME)
      toast.success(MESSAGES.exported)
    } catch (err) {
      console.error(err)
      toast.error(MESSAGES.exportFailed, { description: err instanceof ApiError ? err.message : undefined })
    } finally {
      setExporting(false)
    }
  }

  const count = selected.length
  return (
    <div
      role="region"
      aria-label="Selected applications"
      className="sticky bottom-4 z-20 hidden flex-wrap items-center gap-2 rounded-2xl border border-slate-200 bg-white/95 p-3 shadow-lg backdrop-blur sm:flex"
    >
      <p className="mr-auto text-sm font-semibold text-slate-900" aria-live="polite">
        {count} selected
        {tooMany && <span className="ml-2 font-normal text-red-700">{MSG_BULK_TOO_MANY}</span>}
      </p>
      {stages.length > 0 && (
        <label className="text-sm text-slate-700">
          <span className="sr-only">Move the selected applications to stage</span>
          <select
            value=""
            disabled={busy || tooMany}
            onChange={(e) => e.target.value && void run({ ids, action: 'move', to: e.target.value as StageOption['stage'] })}
            className="h-9 rounded-lg border border-slate-300 bg-white px-2 text-sm text-slate-800"
          >
            <option value="">Move to…</option>
            {stages.map((s) => (
              <option key={s.stage} value={s.stage}>
                {s.label}
              </option>
            ))}
          </select>
        </label>
      )}
      <Button
        variant="outline"
        size="sm"
        disabled={busy || tooMany}
        onClick={() => setRejecting(true)}
        className="hover:border-red-400 hover:text-red-700"
      >
        <X aria-hidden="true" />
        Reject…
      </Button>
      <Button variant="outline" size="sm" disabled={busy || tooMany} aria-busy={exporting} onClick={() => void exportCsv()}>
        <Download aria-hidden="true" />
        Export
      </Button>
      <Button variant="ghost" size="sm" onClick={onClear}>
        Clear
      </Button>
      {rejecting && (
        <RejectionForm
          title={`Reject ${count === 1 ? '1 application' : `${count} applications`}`}
          description={`Reject the selected applications with one reason? They leave your list; each candidate sees "Not selected".`}
          feedbackHint="Each candidate reads this on My Applications, and in the e-mail about your decision if they get e-mails."
          pending={bulk.isPending}
          onSubmit={reject}
          onClose={() => setRejecting(false)}
        />
      )}
    </div>
  )
}
