import { ChevronDown, Mail, MapPin, RotateCcw, Search, UserSearch } from 'lucide-react'
import { useEffect, useId, useState, type FormEvent } from 'react'
import { toast } from '@/lib/toast'
import { Button } from '@/components/button'
import { inputClasses } from '@/components/form-field'
import { ErrorState } from '@/components/list-states'
import { Spinner } from '@/components/spinner'
import { ApiError } from '@/lib/api-client'
import { APPLICANT_SEARCH_MAX_CHARS, PIPELINE_STAGES } from '@/generated/catalogue'
import { percentText } from '@/lib/score-text'
import { useEmployerJobs } from '@/entities/employer-jobs'
import { NO_SEARCH, useCandidateSearch, type CandidateHit, type CandidateSearch } from '../api'

const MIN_SCORES = ['50', '60', '70', '80', '90'] as const

function reason(error: unknown): string | undefined {
  return error instanceof ApiError ? error.message : undefined
}

/**
 * Finding people among the employer's own applicants: words in the name, skills or field of
 * study, a stage, a job, a lowest score; best score or newest first. Each person once, with
 * the applications that match.
 */
export function CandidateSearchPanel() {
  const [draft, setDraft] = useState<CandidateSearch>(NO_SEARCH)
  const [search, setSearch] = useState<CandidateSearch>(NO_SEARCH)
  const results = useCandidateSearch(search)
  const jobs = useEmployerJobs()
  const id = useId()
  const { isError, error } = results

  useEffect(() => {
    if (!isError) return
    console.error(error)
    toast.error('Search failed', { id: 'candidate-search-failed', description: reason(error) })
  }, [isError, error])

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    setSearch(draft)
  }

  const people = results.data?.pages.flatMap((page) => page.candidates) ?? []
  const field = (key: keyof CandidateSearch) => ({
    value: draft[key],
    onChange: (e: { target: { value: string } }) => setDraft({ ...draft, [key]: e.target.value }),
  })

  return (
    <section aria-labelledby={`${id}-title`} className="space-y-4">
      <h2 id={`${id}-title`} className="sr-only">
        Find candidates
      </h2>
      <form role="search" onSubmit={onSubmit} className="grid gap-3 rounded-2xl border border-slate-200/80 bg-white p-4 shadow-sm sm:grid-cols-2 lg:grid-cols-6">
        <label className="sm:col-span-2 lg:col-span-2">
          <span className="mb-1.5 block text-sm font-medium text-slate-800">Name, skill or field of study</span>
          <input type="search" maxLength={APPLICANT_SEARCH_MAX_CHARS} placeholder="e.g. SQL, nursing, Moyo" className={inputClasses} {...field('q')} />
        </label>
        <label>
          <span className="mb-1.5 block text-sm font-medium text-slate-800">Stage</span>
          <select className={inputClasses} {...field('stage')}>
            <option value="">Any stage</option>
            {PIPELINE_STAGES.map((s) => (
              <option key={s.key} value={s.key}>
                {s.label}
              </option>
            ))}
          </select>
        </label>
        <label>
          <span className="mb-1.5 block text-sm font-medium text-slate-800">Job</span>
          <select className={inputClasses} {...field('jobId')}>
            <option value="">Any job</option>
            {(jobs.data ?? []).map((job) => (
              <option key={job.id} value={job.id}>
                {job.job_title}
              </option>
            ))}
          </select>
        </label>
        <label>
          <span className="mb-1.5 block text-sm font-medium text-slate-800">Lowest score</span>
          <select className={inputClasses} {...field('minScore')}>
            <option value="">Any score</option>
            {MIN_SCORES.map((score) => (
              <option key={score} value={score}>
                {score}% or more
              </option>
            ))}
          </select>
        </label>
        <label>
          <span className="mb-1.5 block text-sm font-medium text-slate-800">Order</span>
          <select className={inputClasses} {...field('sort')}>
            <option value="score">Best score first</option>
            <option value="date">Newest first</option>
          </select>
        </label>
        <div className="sm:col-span-2 lg:col-span-6">
          <Button type="submit">
            <Search aria-hidden="true" />
            Search
          </Button>
        </div>
      </form>

      {results.isPending ? (
        <Spinner label="Searching" />
      ) : results.isError && people.length === 0 ? (
        <ErrorState title="Search failed" detail={reason(results.error)} retrying={results.isFetching} onRetry={() => void results.refetch()} />
      ) : people.length === 0 ? (
        <div className="flex flex-col items-center rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center">
          <UserSearch aria-hidden="true" className="size-10 text-slate-400" />
          <p className="mt-3 max-w-sm text-slate-700">No one who applied to your jobs matches this search.</p>
        </div>
      ) : (
        <div aria-busy={results.isFetching} className="space-y-3">
          <p className="text-sm text-slate-600" aria-live="polite">
            {results.hasNextPage ? 'Showing the first ' : ''}
            {people.length} {people.length === 1 ? 'person' : 'people'}
          </p>
          <ul aria-label="Candidates found" className="space-y-3">
            {people.map((person) => (
              <li key={person.user_id}>
                <PersonCard person={person} />
              </li>
            ))}
          </ul>
          {results.hasNextPage && (
            <div className="flex justify-center">
              <Button variant="outline" disabled={results.isFetchingNextPage} onClick={() => void results.fetchNextPage()}>
                {results.isError ? <RotateCcw aria-hidden="true" /> : <ChevronDown aria-hidden="true" />}
                {results.isError ? 'Retry' : 'Load more'}
              </Button>
            </div>
          )}
        </div>
      )}
    </section>
  )
}

function PersonCard({ person }: { person: CandidateHit }) {
  const titleId = useId()
  return (
    <article aria-labelledby={titleId} className="rounded-2xl border border-slate-200/80 bg-white p-4 shadow-sm">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 id={titleId} className="text-base font-semibold text-slate-900">
            {person.candidate_name}
          </h3>
          <p className="mt-0.5 flex flex-wrap gap-x-3 text-sm text-slate-600">
            <span className="inline-flex items-center gap-1">
              <Mail aria-hidden="true" className="size-3.5" />
              {person.candidate_email}
            </span>
            {person.location && (
              <span className="inline-flex items-center gap-1">
                <MapPin aria-hidden="true" className="size-3.5" />
                {person.location}
              </span>
            )}
          </p>
          {person.field_of_study && <p className="mt-0.5 text-sm text-slate-600">Studied {person.field_of_study}</p>}
        </div>
        <p className="text-right text-sm text-slate-500">
          Best <span className="text-lg font-bold text-brand-700 tabular-nums">{percentText(person.best_score)}</span>
        </p>
      </div>
      {person.skills.length > 0 && (
        <ul aria-label="Skills" className="mt-2 flex flex-wrap gap-1.5">
          {person.skills.map((skill) => (
            <li key={skill} className="rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-700">
              {skill}
            </li>
          ))}
        </ul>
      )}
      <ul aria-label="Applications" className="mt-3 divide-y divide-slate-100 border-t border-slate-100 text-sm">
        {person.applications.map((a) => (
          <li key={a.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
            <span className="font-medium text-slate-800">{a.job_title}</span>
            <span className="text-slate-600">
              {a.stage_label} · <span className="tabular-nums">{percentText(a.score_percentage)}</span> · {a.applied_text}
            </span>
          </li>
        ))}
      </ul>
    </article>
  )
}
