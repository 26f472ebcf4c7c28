import { ChevronDown, Inbox, RotateCcw } from 'lucide-react'
import { useEffect, useId, useState } from 'react'
import { flushSync } from 'react-dom'
import { toast } from '@/lib/toast'
import { Button } from '@/components/button'
import { Skeleton, Spinner } from '@/components/spinner'
import { ApiError } from '@/lib/api-client'
import { worksEveryJob } from '@/lib/company-role'
import { useSession } from '@/lib/session'
import { saveBlob } from '@/lib/save-blob'
import {
  EXPORT_FILE_NAME,
  exportApplicationsCsv,
  getRecommendation,
  useApplications,
  useDecide,
  useMoveStage,
  type Stage,
  type EmployerApplication,
} from '../api/applications'
import { hasFilters, NO_FILTERS, type ApplicationFilters } from '../filters'
import { recommendationText } from '../format'
import { MESSAGES } from '../messages'
import { useSelection } from '../selection'
import { ApplicationCard } from './application-card'
import { CandidateDialog } from './candidate-dialog'
import { CommentDialog } from './comment-dialog'
import { DeleteApplicationDialog } from './delete-application-dialog'
import { FilterBar } from './filter-bar'
import { RejectDialog } from './reject-dialog'
import { SegmentedSwitch } from '@/components/segmented-switch'
import { RejectedArchive, ShownTabs, type Shown } from './rejected-archive'
import { SelectionBar } from './selection-bar'
import { StageBoard } from './stage-board'
import { CancelInterviewDialog } from '@/entities/interview-invite/components/cancel-interview-dialog'
import { ProposeDialog } from '@/entities/interview-invite/components/propose-dialog'

function reason(error: unknown): string | undefined {
  return error instanceof ApiError ? error.message : undefined
}

/**
 * Manage applications (spec §2), and beside them the rejected ones. Used by the dashboard's
 * Applications tab and /employer/applications.
 */
const VIEWS = [
  { value: 'list', label: 'List' },
  { value: 'board', label: 'Board' },
] as const

export function ApplicationsPanel() {
  const [shown, setShown] = useState<Shown>('active')
  const { user } = useSession()
  // An interviewer reads the applicants of their jobs and writes scorecards: the rejected archive,
  // the bulk actions and every change are refused them, so none is offered.
  if (!worksEveryJob(user)) return <ActiveApplications readOnly />
  return (
    <div className="space-y-5">
      <ShownTabs value={shown} onChange={setShown} />
      {shown === 'active' ? <ActiveApplications /> : <RejectedArchive />}
    </div>
  )
}

/**
 * The spec's list: the filters, the AI recommendation and one card per application, or the board;
 * `readOnly`, the filters and the cards to read and score only.
 */
function ActiveApplications({ readOnly = false }: { readOnly?: boolean }) {
  const [filters, setFilters] = useState<ApplicationFilters>(NO_FILTERS)
  const applications = useApplications(filters)
  const decide = useDecide()
  const move = useMoveStage()
  const [viewing, setViewing] = useState<EmployerApplication | null>(null)
  const [commenting, setCommenting] = useState<EmployerApplication | null>(null)
  const [deleting, setDeleting] = useState<EmployerApplication | null>(null)
  const [rejecting, setRejecting] = useState<EmployerApplication | null>(null)
  const [proposing, setProposing] = useState<EmployerApplication | null>(null)
  const [calling, setCalling] = useState<EmployerApplication | null>(null)
  const [view, setView] = useState<'list' | 'board'>('list')
  const [recommendedId, setRecommendedId] = useState<string | null>(null)
  const [recommending, setRecommending] = useState(false)
  const [exporting, setExporting] = useState(false)
  const headingId = useId()
  const { isError, error } = applications

  useEffect(() => {
    if (!isError) return
    console.error(error)
    toast.error(MESSAGES.loadFailed, { id: 'applications-load-failed', description: reason(error) })
  }, [isError, error])

  function setFilter<K extends keyof ApplicationFilters>(key: K, value: ApplicationFilters[K]) {
    setFilters((f) => ({ ...f, [key]: value }))
  }

  async function recommend() {
    setRecommending(true)
    try {
      const top = await getRecommendation(filters)
      toast.success(MESSAGES.recommendation, { description: recommendationText(top) })
      flushSync(() => setRecommendedId(top.application_id))
      document.getElementById(`application-${top.application_id}`)?.scrollIntoView({ block: 'nearest', behavior: 'smooth' })
    } catch (err) {
      console.error(err)
      toast.error(MESSAGES.recommendationFailed, { description: reason(err) })
    } finally {
      setRecommending(false)
    }
  }

  async function exportCsv() {
    setExporting(true)
    try {
      saveBlob(await exportApplicationsCsv(filters), EXPORT_FILE_NAME)
      toast.success(MESSAGES.exported)
    } catch (err) {
      console.error(err)
      toast.error(MESSAGES.exportFailed, { description: reason(err) })
    } finally {
      setExporting(false)
    }
  }

  async function onDecide(application: EmployerApplication, decision: 'accept' | 'reject') {
    // A rejection is confirmed, with its reason, in its own dialog.
    if (decision === 'reject') {
      setRejecting(application)
      return
    }
    try {
      await decide.mutateAsync({ id: application.id, decision })
      toast.success(MESSAGES.accepted)
    } catch (err) {
      console.error(err)
      toast.error(MESSAGES.updateFailed, { description: reason(err) })
    }
  }

  async function onMove(application: EmployerApplication, stage: Stage) {
    try {
      const moved = await move.mutateAsync({ id: application.id, stage })
      toast.success(moved.message)
    } catch (err) {
      console.error(err)
      toast.error(MESSAGES.updateFailed, { description: reason(err) })
    }
  }

  const list = applications.data?.pages.flatMap((page) => page.applications)
  const selection = useSelection(list ?? [])
  const onSelect = (a: EmployerApplication, on: boolean) => selection.toggle(a.id, on)
  const filtered = hasFilters(filters)
  // A failed "Load more" keeps the loaded pages on screen, with its own Retry below them.
  const moreFailed = applications.isFetchNextPageError

  return (
    <section aria-labelledby={headingId} className="space-y-5">
      <h2 id={headingId} className="sr-only">
        Applications
      </h2>
      <FilterBar
        filters={filters}
        onChange={setFilter}
        recommending={recommending}
        onRecommend={readOnly ? undefined : () => void recommend()}
        exporting={exporting}
        onExport={readOnly ? undefined : () => void exportCsv()}
      />

      {applications.isPending ? (
        <div aria-busy="true">
          <Spinner label="Loading applications" className="sr-only" />
          <div aria-hidden="true" className="space-y-4">
            {[0, 1, 2].map((i) => (
              <div key={i} className="rounded-2xl border border-slate-100 bg-white p-5">
                <Skeleton className="h-5 w-1/3" />
                <Skeleton className="mt-2 h-4 w-1/4" />
                <div className="mt-4 grid grid-cols-4 gap-2">
                  <Skeleton className="h-12" />
                  <Skeleton className="h-12" />
                  <Skeleton className="h-12" />
                  <Skeleton className="h-12" />
                </div>
              </div>
            ))}
          </div>
        </div>
      ) : applications.isError && !moreFailed ? (
        <div role="alert" className="rounded-2xl border border-red-200 bg-red-50/60 p-6 text-center">
          <p className="font-semibold text-red-800">{MESSAGES.loadFailed}</p>
          {reason(applications.error) && <p className="mt-1 text-sm text-red-700">{reason(applications.error)}</p>}
          <Button
            className="mt-4"
            variant="outline"
            disabled={applications.isFetching}
            onClick={() => void applications.refetch()}
          >
            <RotateCcw aria-hidden="true" />
            Retry
          </Button>
        </div>
      ) : list === undefined || list.length === 0 ? (
        <div className="flex flex-col items-center rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-14 text-center">
          <Inbox aria-hidden="true" className="size-10 text-slate-400" />
          <p className="mt-3 text-lg font-semibold text-slate-900">{MESSAGES.empty}</p>
          <p className="mt-1 max-w-sm text-sm text-slate-600">
            {filtered
              ? 'None match these filters. Try a wider date range or lower minimum scores.'
              : 'Applications to your jobs will appear here, scored against each job’s requirements.'}
          </p>
        </div>
      ) : (
        <div aria-busy={applications.isFetching} className="space-y-4">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <div className="flex items-center gap-3">
              {/* Bulk actions are for wider screens; on a phone each card keeps its own "Move to…". */}
              {!readOnly && (
                <label className="hidden items-center gap-1.5 text-sm font-medium text-slate-700 sm:inline-flex">
                  <input
                    type="checkbox"
                    checked={selection.allShown}
                    onChange={selection.toggleAll}
                    className="size-4 accent-brand-600"
                  />
                  Select all
                </label>
              )}
              <p className="text-sm text-slate-600" aria-live="polite">
                {applications.hasNextPage ? 'Showing the newest ' : ''}
                {list.length} {list.length === 1 ? 'application' : 'applications'}
              </p>
            </div>
            {!readOnly && <SegmentedSwitch label="View" options={VIEWS} value={view} onChange={setView} />}
          </div>
          {view === 'board' && !readOnly && (
            <StageBoard
              applications={list}
              busy={(a) => (decide.isPending && decide.variables.id === a.id) || (move.isPending && move.variables.id === a.id)}
              onMove={(a, s) => void onMove(a, s)}
              onReject={setRejecting}
              isSelected={(a) => selection.isSelected(a.id)}
              onSelect={onSelect}
            />
          )}
          {(view === 'list' || readOnly) && list.map((application) => (
            <ApplicationCard
              key={application.id}
              application={application}
              recommended={application.id === recommendedId}
              deciding={
                (decide.isPending && decide.variables.id === application.id) ||
                (move.isPending && move.variables.id === application.id)
              }
              onView={setViewing}
              onComment={setCommenting}
              onDecide={(a, d) => void onDecide(a, d)}
              onMove={(a, s) => void onMove(a, s)}
              onDelete={setDeleting}
              onProposeInterview={setProposing}
              onCancelInterview={setCalling}
              selected={selection.isSelected(application.id)}
              onSelect={onSelect}
              readOnly={readOnly}
            />
          ))}
          {applications.hasNextPage && (
            <div className="flex flex-col items-center gap-2 pt-2">
              {moreFailed && (
                <p role="alert" className="text-sm text-red-700">
                  {MESSAGES.loadFailed}
                  {reason(applications.error) ? `: ${reason(applications.error)}` : ''}
                </p>
              )}
              <Button
                variant="outline"
                disabled={applications.isFetchingNextPage}
                aria-busy={applications.isFetchingNextPage}
                onClick={() => void applications.fetchNextPage()}
              >
                {moreFailed ? <RotateCcw aria-hidden="true" /> : <ChevronDown aria-hidden="true" />}
                {moreFailed ? 'Retry' : 'Load more'}
              </Button>
              {applications.isFetchingNextPage && <Spinner label="Loading more applications" />}
            </div>
          )}
          {!readOnly && <SelectionBar selected={selection.selected} onClear={selection.clear} />}
        </div>
      )}

      <CandidateDialog application={viewing} onClose={() => setViewing(null)} />
      <CommentDialog application={commenting} onClose={() => setCommenting(null)} />
      <DeleteApplicationDialog application={deleting} onClose={() => setDeleting(null)} />
      <RejectDialog application={rejecting} onClose={() => setRejecting(null)} />
      <ProposeDialog target={proposing} onClose={() => setProposing(null)} />
      <CancelInterviewDialog target={calling} onClose={() => setCalling(null)} />
    </section>
  )
}
