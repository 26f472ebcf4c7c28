import { Heart, RotateCcw, Wand2 } from 'lucide-react'
import { useEffect } from 'react'
import { useNavigate, useParams } from 'react-router'
import { toast } from '@/lib/toast'
import { AppHeader } from '@/components/app-header'
import { Button, ButtonLink } from '@/components/button'
import { Skeleton } from '@/components/spinner'
import { paths } from '@/config/paths'
import { ApiError } from '@/lib/api-client'
import { useAppDialogOpener } from '@/lib/app-dialogs'
import { useJob } from '../api/get-job'
import { MESSAGES } from '../messages'
import { ApplyMethodDialog } from './apply-method-dialog'
import { ApplyOverlay } from './apply-overlay'
import { JobCard } from './job-card'
import { FinishProfileNote } from './finish-profile-note'
import { useApplyFlow } from './use-apply-flow'
import { useNeedsProfile } from './use-needs-profile'

/** Nothing to move on to on a job's own page: the flow just ends. */
function stay() {}

/**
 * One job's page (spec, candidate §2 "Job view"): Back to Jobs, the card with
 * its share buttons, and Apply Now. A job that does not exist or is no longer
 * live says "Job not found or no longer available" and goes back to the feed.
 */
export function JobViewPage() {
  const { id = '' } = useParams()
  const job = useJob(id)
  const navigate = useNavigate()
  const flow = useApplyFlow(stay)
  const openAppDialog = useAppDialogOpener()
  const needsProfile = useNeedsProfile()
  const { isError, error } = job
  const gone = isError && error instanceof ApiError && error.status === 404

  useEffect(() => {
    if (!isError) return
    console.error(error)
    if (gone) {
      toast.error(MESSAGES.jobGone, { id: 'job-gone' })
      void navigate(paths.jobs, { replace: true })
    } else {
      toast.error(MESSAGES.loadFailed, { id: 'job-load-failed', description: error instanceof ApiError ? error.message : undefined })
    }
  }, [isError, error, gone, navigate])

  return (
    <div className="min-h-dvh bg-linear-to-b from-brand-50 to-white">
      <title>{`${job.data?.job_title ?? 'Job Details'} · JobTap`}</title>
      <AppHeader />
      <main className="mx-auto flex w-full max-w-md flex-col gap-5 px-4 py-6">
        <div className="flex items-center justify-between gap-3">
          <ButtonLink to={paths.jobs} variant="outline" size="sm">
            Back to Jobs
          </ButtonLink>
          <h1 className="text-lg font-bold tracking-tight text-slate-900">Job Details</h1>
        </div>

        <div className="relative" aria-busy={job.isPending || flow.applying}>
          {job.isPending || gone ? (
            <Skeleton className="h-[600px] rounded-3xl" />
          ) : job.isError ? (
            <div role="alert" className="flex h-[600px] flex-col items-center justify-center rounded-3xl border border-red-200 bg-red-50/60 p-8 text-center">
              <p className="font-semibold text-red-800">{MESSAGES.loadFailed}</p>
              <Button className="mt-4" variant="outline" onClick={() => void job.refetch()}>
                <RotateCcw aria-hidden="true" />
                Retry
              </Button>
            </div>
          ) : (
            <JobCard job={job.data} fit="page" />
          )}
          <ApplyOverlay overlay={flow.overlay} />
        </div>

        {job.data && needsProfile && <FinishProfileNote />}
        {job.data && (
          <div className="flex flex-wrap justify-center gap-3">
            <Button size="lg" onClick={() => flow.start(job.data)} disabled={flow.busy || flow.offline || needsProfile}>
              <Heart aria-hidden="true" />
              {flow.applying ? 'Applying…' : 'Apply Now'}
            </Button>
            <Button
              size="lg"
              variant="outline"
              disabled={flow.offline}
              onClick={() => openAppDialog('resume-upgrade', { id: job.data.id, title: job.data.job_title })}
            >
              <Wand2 aria-hidden="true" />
              Tailor my resume for this job
            </Button>
          </div>
        )}
      </main>

      <ApplyMethodDialog
        job={flow.methodFor}
        onClose={flow.closeMethod}
        letter={flow.letter}
        onLetterChange={flow.setLetter}
        attachments={flow.attachments}
        onAttachmentsChange={flow.setAttachments}
        onApplyWithJobTap={(chosen) => void flow.applyWithJobTap(chosen)}
        onApplyViaEmail={(chosen, address) => void flow.applyViaEmail(chosen, address)}
      />
    </div>
  )
}
