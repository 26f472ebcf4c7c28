import {
  Briefcase,
  Building2,
  CalendarDays,
  ListOrdered,
  MapPin,
  Pause,
  Pencil,
  Play,
  Share2,
  Trash2,
  Users,
  UsersRound,
  Wallet,
} from 'lucide-react'
import { useId } from 'react'
import { Button } from '@/components/button'
import { cn } from '@/lib/cn'
import type { Job } from '../api/jobs'
import { cardBorder, type CardBorder } from '../card-border'

const borderClasses: Record<CardBorder, string> = {
  red: 'border-red-400',
  blue: 'border-sky-400',
  purple: 'border-brand-500',
}

type JobCardProps = {
  job: Job
  nowMs: number
  onEdit: (job: Job) => void
  onToggleActive: (job: Job) => void
  onShare: (job: Job) => void
  onDelete: (job: Job) => void
  onStages: (job: Job) => void
  onTeam: (job: Job) => void
  /** The pause or activate call for this job is running. */
  toggling: boolean
}

/** One of the employer's jobs (spec §2): details, status and its actions; the border tells its age. */
export function JobCard({ job, nowMs, onEdit, onToggleActive, onShare, onDelete, onStages, onTeam, toggling }: JobCardProps) {
  const titleId = useId()
  const border = cardBorder(job, nowMs)
  const applications = job.applications_count
  return (
    <article
      aria-labelledby={titleId}
      data-border={border}
      className={cn('flex flex-col rounded-2xl border-2 bg-white p-5 shadow-sm', borderClasses[border])}
    >
      <div className="flex items-start gap-3">
        <span
          aria-hidden="true"
          className="flex size-11 shrink-0 items-center justify-center overflow-hidden rounded-xl bg-linear-to-br from-brand-600 to-accent-500 text-white"
        >
          {job.company_logo ? (
            <img src={job.company_logo} alt="" className="size-full bg-white object-contain" />
          ) : (
            <Building2 className="size-5" />
          )}
        </span>
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <h3 id={titleId} className="text-lg leading-snug font-semibold text-slate-900">
              {job.job_title}
            </h3>
            <span
              className={cn(
                'rounded-full px-2 py-0.5 text-xs font-semibold ring-1',
                job.is_active ? 'bg-emerald-50 text-emerald-700 ring-emerald-200' : 'bg-slate-100 text-slate-600 ring-slate-200',
              )}
            >
              {job.is_active ? 'Active' : 'Paused'}
            </span>
            {border === 'red' && (
              <span className="rounded-full bg-red-50 px-2 py-0.5 text-xs font-semibold text-red-700 ring-1 ring-red-200">
                Expired
              </span>
            )}
          </div>
          <p className="mt-0.5 text-sm text-slate-600">{job.company_name}</p>
        </div>
      </div>

      <ul className="mt-4 grid gap-x-4 gap-y-2 text-sm text-slate-600 sm:grid-cols-2 [&_svg]:size-4 [&_svg]:shrink-0 [&_svg]:text-slate-400">
        <li className="flex items-center gap-2">
          <MapPin aria-hidden="true" />
          {job.location}
        </li>
        <li className="flex items-center gap-2">
          <Wallet aria-hidden="true" />
          {job.salary_text}
        </li>
        <li className="flex items-center gap-2">
          <Briefcase aria-hidden="true" />
          {job.job_type}
        </li>
        <li className="flex items-center gap-2">
          <CalendarDays aria-hidden="true" />
          <time dateTime={new Date(job.posted_at).toISOString()}>{job.posted_text}</time>
        </li>
        <li className="flex items-center gap-2 font-medium text-slate-800">
          <Users aria-hidden="true" />
          {applications} {applications === 1 ? 'application' : 'applications'}
        </li>
      </ul>

      <div className="mt-5 flex flex-wrap gap-2 border-t border-slate-100 pt-4">
        <Button variant="outline" size="sm" onClick={() => onEdit(job)}>
          <Pencil aria-hidden="true" />
          Edit
        </Button>
        <Button variant="outline" size="sm" disabled={toggling} onClick={() => onToggleActive(job)}>
          {job.is_active ? <Pause aria-hidden="true" /> : <Play aria-hidden="true" />}
          {job.is_active ? 'Pause' : 'Activate'}
        </Button>
        <Button variant="outline" size="sm" onClick={() => onStages(job)} aria-label={`Hiring stages of ${job.job_title}`}>
          <ListOrdered aria-hidden="true" />
          Stages
        </Button>
        <Button variant="outline" size="sm" onClick={() => onTeam(job)} aria-label={`Hiring team of ${job.job_title}`}>
          <UsersRound aria-hidden="true" />
          Hiring team
        </Button>
        <Button variant="outline" size="sm" onClick={() => onShare(job)}>
          <Share2 aria-hidden="true" />
          Share
        </Button>
        <Button
          variant="outline"
          size="sm"
          onClick={() => onDelete(job)}
          className="hover:border-red-400 hover:text-red-700"
        >
          <Trash2 aria-hidden="true" />
          Delete
        </Button>
      </div>
    </article>
  )
}
