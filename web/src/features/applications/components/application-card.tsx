import {
  Bot,
  CalendarDays,
  CircleOff,
  DollarSign,
  FileText,
  FolderOpen,
  MapPin,
  MessageSquare,
  Paperclip,
  Trash2,
  Wand2,
} from 'lucide-react'
import { useId } from 'react'
import { Button } from '@/components/button'
import { useAppDialogOpener } from '@/lib/app-dialogs'
import { Skeleton } from '@/components/spinner'
import { cn } from '@/lib/cn'
import { useOffline } from '@/lib/offline/network-status'
import type { MyApplication } from '../api/applications'
import { useCardText } from '../api/card-text'
import { MESSAGES } from '../messages'
import { percentText, pointsText } from '@/lib/score-text'
import { statusTone } from '../status'
import { Collapsible } from './collapsible'
import { CompanyLogo } from './company-logo'
import { DocumentsList } from './documents-list'
import { InterviewSummary } from '@/entities/interview-invite/components/interview-summary'
import { PickTime } from '@/entities/interview-invite/components/pick-time'

const TONE_CLASSES = {
  pending: 'bg-amber-50 text-amber-700 ring-amber-200',
  accepted: 'bg-emerald-50 text-emerald-700 ring-emerald-200',
  rejected: 'bg-red-50 text-red-700 ring-red-200',
  neutral: 'bg-slate-100 text-slate-700 ring-slate-200',
} as const

/**
 * One application (spec, candidate §2 "Applications"): the job, its status and
 * applied date, the cover letter and the candidate's documents (collapsed), the
 * employer's feedback, the AI screening, and Delete Application. A removed job
 * reads "Job No Longer Available" and keeps the title and company it had.
 */
export function ApplicationCard({
  application: a,
  onDelete,
}: {
  application: MyApplication
  onDelete: (application: MyApplication) => void
}) {
  const titleId = useId()
  const openAppDialog = useAppDialogOpener()
  const openJobId = a.job_available ? a.job_id : null
  // Offline the list is saved data, read-only.
  const offline = useOffline()
  const text = useCardText({
    jobTitle: a.job_title,
    salaryMin: a.salary_min,
    salaryMax: a.salary_max,
    appliedAt: a.applied_at,
  })
  const formatted = text.data
  // Without the core (its worker failed to start) the card leaves those texts out rather than wait forever.
  const placeholder = text.isError ? null : <Skeleton className="inline-block h-4 w-24 align-middle" />

  return (
    <article aria-labelledby={titleId} className="rounded-2xl border border-slate-200/80 bg-white p-5 shadow-sm sm:p-6">
      <div className="flex flex-wrap items-start gap-4">
        {a.job_available ? (
          <CompanyLogo
            key={a.company_logo ?? ''}
            logo={a.company_logo}
            role={formatted?.role}
            coreFailed={text.isError}
          />
        ) : (
          <span
            aria-hidden="true"
            className="flex size-14 shrink-0 items-center justify-center rounded-xl bg-slate-100 text-slate-400 [&_svg]:size-7"
          >
            <CircleOff />
          </span>
        )}
        <div className="min-w-0 flex-1">
          {a.job_available ? (
            <>
              <h3 id={titleId} className="text-lg font-semibold text-slate-900">
                {a.job_title}
              </h3>
              <p className="text-sm font-medium text-slate-700">{a.company_name}</p>
              <p className="mt-1.5 flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-600">
                {a.location && (
                  <span className="inline-flex items-center gap-1">
                    <MapPin aria-hidden="true" className="size-4 text-slate-400" />
                    {a.location}
                  </span>
                )}
                {(formatted || placeholder) && (
                  <span className="inline-flex items-center gap-1">
                    <DollarSign aria-hidden="true" className="size-4 text-slate-400" />
                    {formatted ? formatted.salary : placeholder}
                  </span>
                )}
              </p>
            </>
          ) : (
            <>
              <h3 id={titleId} className="text-lg font-semibold text-slate-900">
                {MESSAGES.jobRemovedTitle}
              </h3>
              <p className="text-sm text-slate-600">{MESSAGES.jobRemovedText}</p>
              <p className="mt-1.5 text-sm text-slate-500">
                You applied for <span className="font-medium text-slate-700">{a.job_title}</span>
                {a.company_name && (
                  <>
                    {' '}
                    at <span className="font-medium text-slate-700">{a.company_name}</span>
                  </>
                )}
              </p>
            </>
          )}
        </div>
        <div className="flex basis-full flex-wrap items-center gap-x-3 gap-y-1.5 sm:basis-auto sm:flex-col sm:items-end">
          <span
            className={cn(
              'rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1',
              TONE_CLASSES[statusTone(a.status_bucket)],
            )}
          >
            {a.status_label}
          </span>
          {(formatted || placeholder) && (
            <p className="flex items-center gap-1.5 text-sm text-slate-500">
              <CalendarDays aria-hidden="true" className="size-4" />
              Applied{' '}
              {formatted ? (
                <time dateTime={new Date(a.applied_at).toISOString()}>{formatted.appliedDate}</time>
              ) : (
                placeholder
              )}
            </p>
          )}
        </div>
      </div>

      <div className="mt-5 space-y-3">
        <Collapsible label="Cover Letter" icon={<FileText aria-hidden="true" />}>
          {a.email_subject && (
            <p className="mb-2 text-sm text-slate-600">
              <span className="font-semibold text-slate-800">Subject: </span>
              {a.email_subject}
            </p>
          )}
          <p className="text-sm leading-relaxed whitespace-pre-line text-slate-700">{a.cover_letter}</p>
        </Collapsible>
        <Collapsible label="Your Documents" icon={<FolderOpen aria-hidden="true" />}>
          <DocumentsList />
        </Collapsible>
        <p className="flex gap-2 text-sm text-slate-600">
          <Paperclip aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-slate-400" />
          {/* A file name is often one long word (a phone's download name): it breaks anywhere. */}
          <span className="min-w-0 wrap-anywhere">
            {a.documents.length === 0 ? (
              'No documents were sent with this application.'
            ) : (
              <>
                <span className="font-medium text-slate-800">Sent to the employer: </span>
                {a.documents.map((d) => d.file_name).join(', ')}
              </>
            )}
          </span>
        </p>
      </div>

      {a.interview && (
        <InterviewSummary applicationId={a.id} interview={a.interview} side="candidate">
          <PickTime applicationId={a.id} interview={a.interview} disabled={offline} />
        </InterviewSummary>
      )}

      <Feedback application={a} />

      <div className="mt-5 flex flex-wrap justify-end gap-2 border-t border-slate-100 pt-4">
        {/* A job still open: the resume can be tailored to it, say before an interview. */}
        {openJobId !== null && (
          <Button
            variant="outline"
            size="sm"
            onClick={() => openAppDialog('resume-upgrade', { id: openJobId, title: a.job_title })}
            disabled={offline}
          >
            <Wand2 aria-hidden="true" />
            Tailor my resume for this job
          </Button>
        )}
        <Button
          variant="outline"
          size="sm"
          onClick={() => onDelete(a)}
          disabled={offline}
          className="hover:border-red-400 hover:text-red-700"
        >
          <Trash2 aria-hidden="true" />
          Delete Application
        </Button>
      </div>
    </article>
  )
}

/** The employer's comment and the AI screening: the fit score, its four parts, and the screening note. */
function Feedback({ application: a }: { application: MyApplication }) {
  const scores = [
    ['Degree', a.degree_score],
    ['Skills', a.skills_score],
    ['University', a.university_score],
    ['Experience', a.experience_score],
  ] as const
  return (
    <div className="mt-4 grid gap-3 md:grid-cols-2">
      <section aria-label="Employer feedback" className="rounded-xl bg-amber-50/60 px-4 py-3 text-sm">
        <h4 className="flex items-center gap-1.5 font-semibold text-slate-900">
          <MessageSquare aria-hidden="true" className="size-4 text-amber-600" />
          Employer feedback
        </h4>
        <p className={cn('mt-1', a.employer_comment ? 'text-slate-700' : 'text-slate-500 italic')}>
          {a.employer_comment ?? 'No feedback yet'}
        </p>
      </section>
      <section aria-label="AI screening" className="rounded-xl bg-brand-50/60 px-4 py-3 text-sm">
        <h4 className="flex items-center justify-between gap-2 font-semibold text-slate-900">
          <span className="flex items-center gap-1.5">
            <Bot aria-hidden="true" className="size-4 text-brand-600" />
            AI screening
          </span>
          <span className="text-brand-700 tabular-nums">{percentText(a.score_percentage)} match</span>
        </h4>
        <dl className="mt-2 grid grid-cols-4 gap-2 text-center">
          {scores.map(([label, value]) => (
            <div key={label} className="rounded-lg bg-white/70 px-1 py-1.5">
              <dt className="text-xs text-slate-500">{label}</dt>
              <dd className="font-semibold text-slate-900 tabular-nums">{pointsText(value)}/5</dd>
            </div>
          ))}
        </dl>
        {a.ai_screening_comment && <p className="mt-2 text-slate-700">{a.ai_screening_comment}</p>}
      </section>
    </div>
  )
}
