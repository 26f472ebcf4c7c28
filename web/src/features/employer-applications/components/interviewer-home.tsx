import { UsersRound } from 'lucide-react'
import { useId } from 'react'
import { EmptyState, ErrorState } from '@/components/list-states'
import { Spinner } from '@/components/spinner'
import { useEmployerJobs } from '@/entities/employer-jobs'
import { ApiError } from '@/lib/api-client'
import { ApplicationsPanel } from './applications-panel'

/** Not in the spec: what an interviewer's home says. */
const MESSAGES = {
  loading: 'Loading your jobs',
  loadFailed: 'Could not load your jobs',
  noJob: 'You are not on any job’s hiring team yet.',
  askRecruiter: 'Ask a recruiter to add you.',
  yourJobs: 'Your jobs',
  onTeamOf: 'You are on the hiring team of these jobs:',
} as const

/**
 * An interviewer's employer home: the jobs whose hiring team lists them (the only ones the server
 * lists to them) and those jobs' applicants, to read and score; or, on no job yet, who to ask.
 */
export function InterviewerHome() {
  const jobs = useEmployerJobs()
  const headingId = useId()
  if (jobs.isPending) return <Spinner label={MESSAGES.loading} />
  if (jobs.isError) {
    return (
      <ErrorState
        title={MESSAGES.loadFailed}
        detail={jobs.error instanceof ApiError ? jobs.error.message : undefined}
        retrying={jobs.isFetching}
        onRetry={() => void jobs.refetch()}
      />
    )
  }
  if (jobs.data.length === 0) {
    return <EmptyState icon={UsersRound} title={MESSAGES.noJob} description={MESSAGES.askRecruiter} />
  }
  return (
    <div className="space-y-6">
      <section aria-labelledby={headingId} className="rounded-2xl border border-slate-200/80 bg-white p-4 shadow-sm sm:p-5">
        <h2 id={headingId} className="text-base font-semibold text-slate-900">
          {MESSAGES.yourJobs}
        </h2>
        <p className="mt-1 text-sm text-slate-600">{MESSAGES.onTeamOf}</p>
        <ul className="mt-2 flex flex-wrap gap-2">
          {jobs.data.map((job) => (
            <li
              key={job.id}
              className="max-w-full rounded-full bg-brand-50 px-3 py-1 text-sm font-medium break-words text-brand-700 ring-1 ring-brand-100"
            >
              {job.job_title}
            </li>
          ))}
        </ul>
      </section>
      <ApplicationsPanel />
    </div>
  )
}
