import { BriefcaseBusiness, Plus, RotateCcw } from 'lucide-react'
import { useEffect, useState } from 'react'
import { toast } from 'sonner'
import { Button, ButtonLink } from '@/components/button'
import { Skeleton, Spinner } from '@/components/spinner'
import { paths } from '@/config/paths'
import { ApiError } from '@/lib/api-client'
import { useEmployerJobs, useSetJobActive, type Job } from '../api/jobs'
import { MESSAGES } from '../messages'
import { jobShareUrl } from '../share'
import { DeleteJobDialog } from './delete-job-dialog'
import { EditJobDialog } from './edit-job-dialog'
import { JobCard } from './job-card'

function reason(error: unknown): string | undefined {
  return error instanceof ApiError ? error.message : undefined
}

/** The Jobs tab: the employer's jobs, newest first, with their actions (spec §2). */
export function JobList() {
  const jobs = useEmployerJobs()
  const setActive = useSetJobActive()
  const [editing, setEditing] = useState<Job | null>(null)
  const [deleting, setDeleting] = useState<Job | null>(null)
  const [nowMs] = useState(() => Date.now())
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
      toast.error(MESSAGES.statusFailed, { description: reason(err) })
    }
  }

  function share(job: Job) {
    window.open(jobShareUrl(job, window.location.origin), '_blank', 'noopener,noreferrer')
  }

  if (jobs.isPending) {
    return (
      <div aria-busy="true">
        <Spinner label="Loading jobs" className="sr-only" />
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
      <div role="alert" className="rounded-2xl border border-red-200 bg-red-50/60 p-6 text-center">
        <p className="font-semibold text-red-800">{MESSAGES.loadFailed}</p>
        {reason(jobs.error) && <p className="mt-1 text-sm text-red-700">{reason(jobs.error)}</p>}
        <Button className="mt-4" variant="outline" disabled={jobs.isFetching} onClick={() => void jobs.refetch()}>
          <RotateCcw aria-hidden="true" />
          Retry
        </Button>
      </div>
    )
  }

  if (jobs.data.length === 0) {
    return (
      <div className="flex flex-col items-center rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-14 text-center">
        <BriefcaseBusiness aria-hidden="true" className="size-10 text-slate-400" />
        <h2 className="mt-3 text-lg font-semibold text-slate-900">No jobs posted yet</h2>
        <p className="mt-1 max-w-sm text-sm text-slate-600">
          Post a job to start receiving applications from matched candidates.
        </p>
        <ButtonLink to={paths.employerPostJob} className="mt-5">
          <Plus aria-hidden="true" />
          Post your first job
        </ButtonLink>
      </div>
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
          />
        ))}
      </div>
      <EditJobDialog job={editing} onClose={() => setEditing(null)} />
      <DeleteJobDialog job={deleting} onClose={() => setDeleting(null)} />
    </>
  )
}
