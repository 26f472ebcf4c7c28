import { toastUnconfirmed } from '@/lib/email-confirmation'
import { BriefcaseBusiness, Plus } from 'lucide-react'
import { useEffect, useState } from 'react'
import { toast } from '@/lib/toast'
import { ButtonLink } from '@/components/button'
import { EmptyState, ErrorState } from '@/components/list-states'
import { Skeleton } from '@/components/skeleton'
import { paths } from '@/config/paths'
import { ApiError } from '@/lib/api-client'
import { useSession } from '@/lib/session'
import { useEmployerJobs } from '@/entities/employer-jobs'
import { useSetJobActive, type Job } from '../api/jobs'
import { MESSAGES } from '../messages'
import { jobShareUrl } from '../share'
import { DeleteJobDialog } from './delete-job-dialog'
import { EditJobDialog } from './edit-job-dialog'
import { JobCard } from './job-card'
import { HiringTeamDialog } from './hiring-team-dialog'
import { JobStagesDialog } from './job-stages-dialog'

function reason(error: unknown): string | undefined {
  return error instanceof ApiError ? error.message : undefined
}

/** The public job-board feed of an employer's open jobs (api/src/listings). */
function boardFeedUrl(employerId: string): string {
  return `${window.location.origin}/feeds/employers/${encodeURIComponent(employerId)}/jobs.xml`
}

/** The Jobs tab: the employer's jobs, newest first, with their actions (spec §2). */
export function JobList() {
  const jobs = useEmployerJobs()
  const setActive = useSetJobActive()
  const [editing, setEditing] = useState<Job | null>(null)
  const [deleting, setDeleting] = useState<Job | null>(null)
  const [staging, setStaging] = useState<Job | null>(null)
  const [teaming, setTeaming] = useState<Job | null>(null)
  const [nowMs] = useState(() => Date.now())
  const { user } = useSession()
  const { isError, error } = jobs

  useEffect(() => {
    if (!isError) return
    console.error(error)
    toast.error(MESSAGES.loadFailed, { id: 'jobs-load-failed', description: reason(error) })
  }, [isError, error])

  async function toggleActive(job: Job) {
    const activate = !job.is_active
    try {
      await setActive.mutateAsync({ id: job.id, isActive: activate })
      toast.success(activate ? MESSAGES.activated : MESSAGES.paused)
    } catch (err) {
      console.error(err)
      if (!toastUnconfirmed(err)) toast.error(MESSAGES.statusFailed, { description: reason(err) })
    }
  }

  function share(job: Job) {
    window.open(jobShareUrl(job, window.location.origin), '_blank', 'noopener,noreferrer')
  }

  if (jobs.isPending) {
    return (
      <div aria-busy="true">
        <span role="status" className="sr-only">
          Loading jobs
        </span>
        <div aria-hidden="true" className="grid gap-4 md:grid-cols-2">
          {[0, 1, 2, 3].map((i) => (
            <div key={i} className="rounded-2xl border-2 border-slate-100 bg-white p-5">
              <div className="flex gap-3">
                <Skeleton className="size-11 rounded-xl" />
                <div className="flex-1 space-y-2">
                  <Skeleton className="h-5 w-3/5" />
                  <Skeleton className="h-4 w-2/5" />
                </div>
              </div>
              <div className="mt-5 grid grid-cols-2 gap-2">
                <Skeleton className="h-4" />
                <Skeleton className="h-4" />
                <Skeleton className="h-4" />
                <Skeleton className="h-4" />
              </div>
              <Skeleton className="mt-5 h-9 w-4/5 rounded-full" />
            </div>
          ))}
        </div>
      </div>
    )
  }

  if (jobs.isError) {
    return (
      <ErrorState
        title={MESSAGES.loadFailed}
        detail={reason(jobs.error)}
        retrying={jobs.isFetching}
        onRetry={() => void jobs.refetch()}
      />
    )
  }

  if (jobs.data.length === 0) {
    return (
      <EmptyState
        icon={BriefcaseBusiness}
        title="No jobs posted yet"
        description="Post a job to start receiving applications from matched candidates."
        action={
          <ButtonLink to={paths.employerPostJob}>
            <Plus aria-hidden="true" />
            Post your first job
          </ButtonLink>
        }
      />
    )
  }

  return (
    <>
      <h2 className="sr-only">Your jobs</h2>
      <div className="grid gap-4 md:grid-cols-2">
        {jobs.data.map((job) => (
          <JobCard
            key={job.id}
            job={job}
            nowMs={nowMs}
            toggling={setActive.isPending && setActive.variables.id === job.id}
            onEdit={setEditing}
            onToggleActive={(j) => void toggleActive(j)}
            onShare={share}
            onDelete={setDeleting}
            onStages={setStaging}
            onTeam={setTeaming}
          />
        ))}
      </div>
      {user && (
        <p className="mt-6 text-sm text-slate-600">
          Job boards can read your open jobs from{' '}
          <a href={boardFeedUrl(user.companyId ?? user.id)} className="font-medium break-all text-violet-700 underline">
            {boardFeedUrl(user.companyId ?? user.id)}
          </a>{' '}
          (Indeed&rsquo;s XML format; a change shows there within a few minutes).
        </p>
      )}
      <EditJobDialog job={editing} onClose={() => setEditing(null)} />
      <DeleteJobDialog job={deleting} onClose={() => setDeleting(null)} />
      <JobStagesDialog job={staging} onClose={() => setStaging(null)} />
      <HiringTeamDialog job={teaming} onClose={() => setTeaming(null)} />
    </>
  )
}
