import { ChevronDown, Inbox, RotateCcw, Undo2 } from 'lucide-react'
import { useEffect, useId, useState } from 'react'
import { toast } from '@/lib/toast'
import { Button } from '@/components/button'
import { inputClasses } from '@/components/form-field'
import { SegmentedSwitch } from '@/components/segmented-switch'
import { Spinner } from '@/components/spinner'
import { ApiError } from '@/lib/api-client'
import { useReconsider, useRejected, type RejectedApplication, type Stage } from '../api/applications'
import { MESSAGES } from '../messages'

/** Which applications the panel shows: those on the list, or the rejected ones kept beside it. */
export type Shown = 'active' | 'rejected'

function reason(error: unknown): string | undefined {
  return error instanceof ApiError ? error.message : undefined
}

const SHOWN = [
  { value: 'active', label: 'Applications' },
  { value: 'rejected', label: 'Rejected' },
] as const

/** "Applications | Rejected": the spec's list, or the archive of rejections. */
export function ShownTabs({ value, onChange }: { value: Shown; onChange: (shown: Shown) => void }) {
  return <SegmentedSwitch label="Show" options={SHOWN} value={value} onChange={onChange} />
}

function Text({ label, text }: { label: string; text: string | null }) {
  return (
    <div>
      <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">{label}</dt>
      <dd className="mt-0.5 whitespace-pre-line text-sm text-slate-800">{text ?? '—'}</dd>
    </div>
  )
}

function RejectedCard({ application: a }: { application: RejectedApplication }) {
  const reconsider = useReconsider()
  const [stage, setStage] = useState<Stage>(a.reconsider_stages[0]?.stage ?? 'applied')
  const selectId = useId()

  async function onReconsider() {
    try {
      const done = await reconsider.mutateAsync({ id: a.id, stage })
      toast.success(done.message, { description: MESSAGES.reconsidered })
    } catch (err) {
      console.error(err)
      toast.error(MESSAGES.updateFailed, { description: reason(err) })
    }
  }

  return (
    <article aria-label={`${a.candidate_name}, ${a.job_title}`} className="rounded-2xl border border-slate-200/80 bg-white p-5 shadow-sm">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 className="text-base font-semibold text-slate-900">{a.candidate_name}</h3>
        <p className="text-sm text-slate-600">
          {a.job_title} · Rejected {a.rejected_text}
        </p>
      </div>
      <dl className="mt-3 grid gap-3 sm:grid-cols-2">
        <Text label="Reason" text={a.reason_label ?? null} />
        <Text label="Your detail" text={a.rejection_detail} />
        <Text label="Feedback sent" text={a.employer_comment} />
        <Text label="Private note" text={a.private_note} />
      </dl>
      {a.reconsider_stages.length > 0 && (
        <div className="mt-4 flex flex-wrap items-center gap-2">
          <label htmlFor={selectId} className="text-sm text-slate-700">
            Back to
          </label>
          <select
            id={selectId}
            value={stage}
            disabled={reconsider.isPending}
            onChange={(e) => setStage(e.target.value as Stage)}
            className="h-9 rounded-lg border border-slate-300 bg-white px-2 text-sm text-slate-800"
          >
            {a.reconsider_stages.map((s) => (
              <option key={s.stage} value={s.stage}>
                {s.label}
              </option>
            ))}
          </select>
          <Button variant="outline" disabled={reconsider.isPending} aria-busy={reconsider.isPending} onClick={() => void onReconsider()}>
            <Undo2 aria-hidden="true" />
            Reconsider
          </Button>
        </div>
      )}
    </article>
  )
}

/**
 * The rejected applications kept until the retention period releases them: of all jobs or of
 * one, with the reason, the feedback sent and the date, each with "Reconsider".
 */
export function RejectedArchive() {
  const [jobId, setJobId] = useState<string | null>(null)
  const all = useRejected(null)
  const rejected = useRejected(jobId)
  const jobSelectId = useId()
  const { isError, error } = rejected

  useEffect(() => {
    if (!isError) return
    console.error(error)
    toast.error(MESSAGES.loadFailed, { id: 'rejected-load-failed', description: reason(error) })
  }, [isError, error])

  const jobs = new Map<string, string>()
  for (const a of all.data?.pages.flatMap((p) => p.applications) ?? []) jobs.set(a.job_id, a.job_title)
  const list = rejected.data?.pages.flatMap((p) => p.applications)

  return (
    <div className="space-y-4">
      {jobs.size > 1 && (
        <div className="max-w-xs">
          <label htmlFor={jobSelectId} className="mb-1.5 block text-sm font-medium text-slate-800">
            Job
          </label>
          <select id={jobSelectId} value={jobId ?? ''} className={inputClasses} onChange={(e) => setJobId(e.target.value || null)}>
            <option value="">All jobs</option>
            {[...jobs].map(([id, title]) => (
              <option key={id} value={id}>
                {title}
              </option>
            ))}
          </select>
        </div>
      )}
      {rejected.isPending ? (
        <Spinner label="Loading rejected applications" />
      ) : rejected.isError && !rejected.isFetchNextPageError ? (
        <div role="alert" className="rounded-2xl border border-red-200 bg-red-50/60 p-6 text-center">
          <p className="font-semibold text-red-800">{MESSAGES.loadFailed}</p>
          <Button className="mt-4" variant="outline" disabled={rejected.isFetching} onClick={() => void rejected.refetch()}>
            <RotateCcw aria-hidden="true" />
            Retry
          </Button>
        </div>
      ) : list === undefined || list.length === 0 ? (
        <div className="flex flex-col items-center rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-14 text-center">
          <Inbox aria-hidden="true" className="size-10 text-slate-400" />
          <p className="mt-3 text-lg font-semibold text-slate-900">{MESSAGES.noneRejected}</p>
          <p className="mt-1 max-w-sm text-sm text-slate-600">
            Rejected applications stay here, with their reason and feedback, until your retention period ends.
          </p>
        </div>
      ) : (
        <div aria-busy={rejected.isFetching} className="space-y-4">
          {list.map((a) => (
            <RejectedCard key={a.id} application={a} />
          ))}
          {rejected.hasNextPage && (
            <div className="flex justify-center pt-2">
              <Button
                variant="outline"
                disabled={rejected.isFetchingNextPage}
                aria-busy={rejected.isFetchingNextPage}
                onClick={() => void rejected.fetchNextPage()}
              >
                {rejected.isFetchNextPageError ? <RotateCcw aria-hidden="true" /> : <ChevronDown aria-hidden="true" />}
                {rejected.isFetchNextPageError ? 'Retry' : 'Load more'}
              </Button>
            </div>
          )}
        </div>
      )}
    </div>
  )
}
