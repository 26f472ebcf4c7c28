import { Save } from 'lucide-react'
import { useId, useState, type FormEvent } from 'react'
import { Button } from '@/components/button'
import { Dialog } from '@/components/dialog'
import { Spinner } from '@/components/spinner'
import { useCompanyTeam, type CompanyMember } from '@/entities/company-team'
import {
  SCORECARD_CRITERION_MAX_CHARS,
  SCORECARD_MAX_CRITERIA,
  SCORECARD_RATING_LABELS,
} from '@/generated/catalogue'
import { ApiError } from '@/lib/api-client'
import { companyRoleInfo } from '@/lib/company-role'
import { toast } from '@/lib/toast'
import {
  useJobTeam,
  useScorecardCriteria,
  useSetJobTeam,
  useSetScorecardCriteria,
  type JobTeamMember,
  type ScorecardCriteria,
} from '../api/hiring-team'
import { ListInput } from './list-input'

/** Not in the spec: what the dialog says. Refusals are the server's words. */
const MESSAGES = {
  title: 'Hiring team',
  description: (title: string) => `Who works on ${title}, and what their scorecards rate.`,
  teamHeading: 'Listed on this job',
  teamHint:
    'Interviewers see only the jobs whose hiring team lists them: its applicants, the documents they sent, and their own scorecards. Admins and recruiters work on every job either way.',
  teamLoadFailed: 'Could not load the hiring team',
  saveTeam: 'Save hiring team',
  teamSaved: 'Hiring team saved',
  teamFailed: 'Could not save the hiring team',
  criteriaHeading: 'Scorecard criteria',
  criteriaLabel: 'Criteria',
  criteriaRated: `Each rating is from 1 (${SCORECARD_RATING_LABELS[0]}) to 4 (${SCORECARD_RATING_LABELS[3]}); a scorecard may leave a criterion unrated.`,
  criteriaDrawn: 'Until you change them, they are drawn from the job’s skills and requirements.',
  criteriaLoadFailed: 'Could not load the scorecard criteria',
  saveCriteria: 'Save criteria',
  criteriaSaved: 'Scorecard criteria saved',
  criteriaFailed: 'Could not save the scorecard criteria',
  saving: 'Saving…',
} as const

function fieldMessage(error: unknown, field: string): string | undefined {
  return error instanceof ApiError ? error.firstFieldMessage(field) : undefined
}

function failure(error: unknown, title: string) {
  console.error(error)
  toast.error(title, { description: error instanceof ApiError ? error.message : undefined })
}

/** A job's hiring team (who reaches it) and the criteria its scorecards rate; for admins and recruiters. */
export function HiringTeamDialog({ job, onClose }: { job: { id: string; job_title: string } | null; onClose: () => void }) {
  if (job === null) return null
  return (
    <Dialog
      open
      onClose={onClose}
      title={MESSAGES.title}
      description={MESSAGES.description(job.job_title)}
    >
      <div key={job.id} className="space-y-6">
        <TeamSection jobId={job.id} />
        <CriteriaSection jobId={job.id} />
      </div>
    </Dialog>
  )
}

function TeamSection({ jobId }: { jobId: string }) {
  const headingId = useId()
  const company = useCompanyTeam()
  const listed = useJobTeam(jobId)
  return (
    <section aria-labelledby={headingId}>
      <h3 id={headingId} className="text-sm font-semibold text-slate-900">
        {MESSAGES.teamHeading}
      </h3>
      <p className="mt-1 text-sm text-slate-600">{MESSAGES.teamHint}</p>
      {company.isPending || listed.isPending ? (
        <Spinner label="Loading the hiring team" className="mt-3" />
      ) : company.isError || listed.isError ? (
        <p role="alert" className="mt-3 text-sm text-red-700">
          {MESSAGES.teamLoadFailed}
        </p>
      ) : (
        <TeamForm jobId={jobId} members={company.data.members} listed={listed.data} />
      )}
    </section>
  )
}

function TeamForm({ jobId, members, listed }: { jobId: string; members: CompanyMember[]; listed: JobTeamMember[] }) {
  const save = useSetJobTeam(jobId)
  const [chosen, setChosen] = useState<ReadonlySet<string>>(() => new Set(listed.map((m) => m.user_id)))
  const problemId = useId()
  const problem = fieldMessage(save.error, 'member_ids')

  function toggle(userId: string, on: boolean) {
    setChosen((old) => {
      const next = new Set(old)
      if (on) next.add(userId)
      else next.delete(userId)
      return next
    })
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (save.isPending) return
    try {
      // In the company team's order, so the request says the same whatever was ticked first.
      await save.mutateAsync(members.filter((m) => chosen.has(m.user_id)).map((m) => m.user_id))
      toast.success(MESSAGES.teamSaved)
    } catch (error) {
      if (!fieldMessage(error, 'member_ids')) failure(error, MESSAGES.teamFailed)
    }
  }

  return (
    <form noValidate onSubmit={(e) => void submit(e)} className="mt-3 space-y-3">
      <ul aria-describedby={problem ? problemId : undefined} className="divide-y divide-slate-100 rounded-xl border border-slate-200">
        {members.map((member) => {
          const name = member.full_name || member.email
          return (
            <li key={member.user_id}>
              <label className="flex min-h-12 cursor-pointer items-center gap-3 px-3 py-2">
                <input
                  type="checkbox"
                  className="size-5 shrink-0 accent-brand-600"
                  checked={chosen.has(member.user_id)}
                  onChange={(e) => toggle(member.user_id, e.target.checked)}
                />
                <span className="min-w-0 font-medium break-words text-slate-900">
                  {name}
                  <span className="block text-xs font-normal break-all text-slate-600">
                    {companyRoleInfo(member.role)?.label ?? member.role} · {member.email}
                  </span>
                </span>
              </label>
            </li>
          )
        })}
      </ul>
      {problem && (
        <p id={problemId} role="alert" className="text-sm text-red-700">
          {problem}
        </p>
      )}
      <Button type="submit" size="sm" disabled={save.isPending}>
        <Save aria-hidden="true" />
        {save.isPending ? MESSAGES.saving : MESSAGES.saveTeam}
      </Button>
    </form>
  )
}

function CriteriaSection({ jobId }: { jobId: string }) {
  const headingId = useId()
  const criteria = useScorecardCriteria(jobId)
  return (
    <section aria-labelledby={headingId} className="border-t border-slate-100 pt-5">
      <h3 id={headingId} className="text-sm font-semibold text-slate-900">
        {MESSAGES.criteriaHeading}
      </h3>
      <p className="mt-1 text-sm text-slate-600">{MESSAGES.criteriaRated}</p>
      {criteria.isPending ? (
        <Spinner label="Loading the scorecard criteria" className="mt-3" />
      ) : criteria.isError ? (
        <p role="alert" className="mt-3 text-sm text-red-700">
          {MESSAGES.criteriaLoadFailed}
        </p>
      ) : (
        <CriteriaForm jobId={jobId} stored={criteria.data} />
      )}
    </section>
  )
}

function CriteriaForm({ jobId, stored }: { jobId: string; stored: ScorecardCriteria }) {
  const save = useSetScorecardCriteria(jobId)
  const [list, setList] = useState<string[]>(() => [...stored.criteria])
  const problem = fieldMessage(save.error, 'criteria')

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (save.isPending) return
    try {
      const saved = await save.mutateAsync(list)
      setList([...saved.criteria])
      toast.success(MESSAGES.criteriaSaved)
    } catch (error) {
      if (!fieldMessage(error, 'criteria')) failure(error, MESSAGES.criteriaFailed)
    }
  }

  return (
    <form noValidate onSubmit={(e) => void submit(e)} className="mt-3 space-y-3">
      <ListInput
        label={MESSAGES.criteriaLabel}
        values={list}
        onChange={setList}
        max={SCORECARD_MAX_CRITERIA}
        maxLength={SCORECARD_CRITERION_MAX_CHARS}
        placeholder="e.g. Stakeholder communication"
        hint={`${stored.edited ? '' : `${MESSAGES.criteriaDrawn} `}At most ${SCORECARD_MAX_CRITERIA}; press Enter to add.`}
      />
      {problem && (
        <p role="alert" className="text-sm text-red-700">
          {problem}
        </p>
      )}
      <Button type="submit" size="sm" disabled={save.isPending}>
        <Save aria-hidden="true" />
        {save.isPending ? MESSAGES.saving : MESSAGES.saveCriteria}
      </Button>
    </form>
  )
}
