import { Bot, CalendarDays, CalendarPlus, CalendarX, Check, Eye, Lock, MessageSquare, MessageSquarePlus, Sparkles, Trash2, X } from 'lucide-react'
import { useId } from 'react'
import { Button } from '@/components/button'
import type { StatusBucket } from '@/lib/application-status'
import { cn } from '@/lib/cn'
import type { EmployerApplication, Stage } from '../api/applications'
import { InterviewSummary } from '@/entities/interview-invite/components/interview-summary'
import { MoveToStage } from './move-to-stage'
import { SelectBox } from './select-box'
import { percentText, pointsText, totalText } from '@/lib/score-text'

/** The badge colours by core's bucket of the status, as on the candidate's screen. */
const statusClasses: Record<StatusBucket, string> = {
  pending: 'bg-amber-50 text-amber-700 ring-amber-200',
  accepted: 'bg-emerald-50 text-emerald-700 ring-emerald-200',
  rejected: 'bg-red-50 text-red-700 ring-red-200',
}

type ApplicationCardProps = {
  application: EmployerApplication
  recommended: boolean
  deciding: boolean
  onView: (application: EmployerApplication) => void
  onComment: (application: EmployerApplication) => void
  onDecide: (application: EmployerApplication, decision: 'accept' | 'reject') => void
  onMove: (application: EmployerApplication, stage: Stage) => void
  onDelete: (application: EmployerApplication) => void
  onProposeInterview: (application: EmployerApplication) => void
  onCancelInterview: (application: EmployerApplication) => void
  /** Whether it is picked for a bulk action, and how to pick it; without them, no checkbox. */
  selected?: boolean
  onSelect?: (application: EmployerApplication, selected: boolean) => void
  /** Only reading and the scorecard (an interviewer's): no comment, move, interview, decision or delete. */
  readOnly?: boolean
}

/** One application (spec §2 "Manage applications", §9 scoring): the candidate, scores, comments and actions. */
export function ApplicationCard({
  application: a,
  recommended,
  deciding,
  onView,
  onComment,
  onDecide,
  onMove,
  onDelete,
  onProposeInterview,
  onCancelInterview,
  selected = false,
  onSelect,
  readOnly = false,
}: ApplicationCardProps) {
  const titleId = useId()
  const scores = [
    ['Degree', a.degree_score],
    ['Skills', a.skills_score],
    ['University', a.university_score],
    ['Experience', a.experience_score],
  ] as const
  return (
    <article
      id={`application-${a.id}`}
      aria-labelledby={titleId}
      className={cn(
        'scroll-mt-6 rounded-2xl border bg-white p-5 shadow-sm',
        recommended ? 'border-brand-500 ring-2 ring-brand-500/30' : 'border-slate-200/80',
      )}
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-2">
            {onSelect && !readOnly && <SelectBox application={a} selected={selected} onSelect={onSelect} />}
            <h3 id={titleId} className="text-lg font-semibold text-slate-900">
              {a.candidate_name}
            </h3>
            <span
              className={cn(
                'rounded-full px-2 py-0.5 text-xs font-semibold ring-1',
                a.status_bucket ? statusClasses[a.status_bucket] : 'bg-slate-100 text-slate-700 ring-slate-200',
              )}
            >
              {a.status_label}
            </span>
            <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-700 ring-1 ring-slate-200">
              Stage: {a.stage_label}
            </span>
            {recommended && (
              <span className="inline-flex items-center gap-1 rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-700 ring-1 ring-brand-100">
                <Sparkles aria-hidden="true" className="size-3" />
                AI recommended
              </span>
            )}
          </div>
          <p className="mt-0.5 text-sm text-slate-600">
            {a.job_title}
            {a.company_name ? ` · ${a.company_name}` : ''}
          </p>
          <p className="mt-1 flex items-center gap-1.5 text-sm text-slate-500">
            <CalendarDays aria-hidden="true" className="size-4" />
            Applied <time dateTime={new Date(a.applied_at).toISOString()}>{a.applied_text}</time>
          </p>
        </div>
        <div className="text-right">
          <p className="text-2xl font-bold text-brand-700 tabular-nums">{percentText(a.score_percentage)}</p>
          <p className="text-sm text-slate-500">
            Total <span className="font-semibold text-slate-800 tabular-nums">{totalText(a.total_raw_score)}</span>
          </p>
        </div>
      </div>

      <dl className="mt-4 grid grid-cols-2 gap-2 sm:grid-cols-4">
        {scores.map(([label, value]) => (
          <div key={label} className="rounded-xl bg-slate-50 px-3 py-2">
            <dt className="text-xs font-medium text-slate-500">{label}</dt>
            <dd className="font-semibold text-slate-900 tabular-nums">{pointsText(value)}/5</dd>
          </div>
        ))}
      </dl>

      {a.skills_evidence && (
        // Kept only when the resume it quotes was sent with the application.
        <p className="mt-3 text-sm break-words text-slate-700">
          <span className="font-semibold text-slate-900">When applying: </span>
          {a.skills_evidence}
        </p>
      )}

      {(a.private_note || a.employer_comment || a.ai_screening_comment) && (
        <div className="mt-4 space-y-2 text-sm">
          {a.private_note && (
            <p className="flex gap-2 rounded-xl bg-amber-50/70 px-3 py-2 text-slate-700">
              <Lock aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-amber-700" />
              <span>
                <span className="font-semibold text-slate-900">Private note: </span>
                {a.private_note}
              </span>
            </p>
          )}
          {a.employer_comment && (
            <p className="flex gap-2 rounded-xl bg-sky-50/70 px-3 py-2 text-slate-700">
              <MessageSquare aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-sky-700" />
              <span>
                <span className="font-semibold text-slate-900">Feedback to the candidate: </span>
                {a.employer_comment}
              </span>
            </p>
          )}
          {a.ai_screening_comment && (
            <p className="flex gap-2 rounded-xl bg-brand-50/70 px-3 py-2 text-slate-700">
              <Bot aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-600" />
              <span>
                <span className="font-semibold text-slate-900">AI screening: </span>
                {a.ai_screening_comment}
              </span>
            </p>
          )}
        </div>
      )}

      {a.interview && (
        <InterviewSummary applicationId={a.id} interview={a.interview} side="employer">
          {!readOnly && a.interview.status !== 'cancelled' && (
            <Button variant="ghost" size="sm" className="mt-2 mr-2 text-slate-600 hover:text-red-700" onClick={() => onCancelInterview(a)}>
              <CalendarX aria-hidden="true" />
              Cancel interview
            </Button>
          )}
        </InterviewSummary>
      )}

      <div className="mt-5 flex flex-wrap gap-2 border-t border-slate-100 pt-4">
        <Button variant="outline" size="sm" onClick={() => onView(a)}>
          <Eye aria-hidden="true" />
          View Candidate
        </Button>
        {!readOnly && (
          <>
            <Button variant="outline" size="sm" onClick={() => onComment(a)}>
              <MessageSquarePlus aria-hidden="true" />
              Add Comment
            </Button>
            <MoveToStage application={a} disabled={deciding} onMove={onMove} />
            {a.stage_group === 'interview' && (
              <Button variant="outline" size="sm" onClick={() => onProposeInterview(a)}>
                <CalendarPlus aria-hidden="true" />
                {a.interview && a.interview.status !== 'cancelled' ? 'New interview times' : 'Propose interview times'}
              </Button>
            )}
            {a.status_bucket === 'pending' && (
              <>
                <Button
                  size="sm"
                  disabled={deciding}
                  onClick={() => onDecide(a, 'accept')}
                  className="from-emerald-600 to-emerald-500 shadow-emerald-600/20"
                >
                  <Check aria-hidden="true" />
                  Accept
                </Button>
                <Button
                  variant="outline"
                  size="sm"
                  disabled={deciding}
                  onClick={() => onDecide(a, 'reject')}
                  className="hover:border-red-400 hover:text-red-700"
                >
                  <X aria-hidden="true" />
                  Reject
                </Button>
              </>
            )}
            <Button variant="ghost" size="sm" onClick={() => onDelete(a)} className="text-slate-600 hover:text-red-700">
              <Trash2 aria-hidden="true" />
              Delete
            </Button>
          </>
        )}
      </div>
    </article>
  )
}
