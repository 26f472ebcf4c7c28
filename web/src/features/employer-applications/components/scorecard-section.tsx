import { RotateCcw, Save } from 'lucide-react'
import { useId, useState, type FormEvent } from 'react'
import { Button } from '@/components/button'
import { TextAreaField } from '@/components/form-field'
import { Spinner } from '@/components/spinner'
import { SCORECARD_NOTE_MAX_CHARS, SCORECARD_RATING_LABELS } from '@/generated/catalogue'
import { ApiError } from '@/lib/api-client'
import { cn } from '@/lib/cn'
import { toast } from '@/lib/toast'
import {
  useScorecards,
  useWriteScorecard,
  type Scorecard,
  type ScorecardRating,
  type ScorecardSummary,
} from '../api/scorecards'

/** Not in the spec: what the section says. Refusals are the server's words. */
const MESSAGES = {
  heading: 'Scorecard',
  intro: `Rate the applicant on each of the job’s criteria, from ${SCORECARD_RATING_LABELS[0]} to ${SCORECARD_RATING_LABELS[SCORECARD_RATING_LABELS.length - 1]}. Tap a rating again to leave that criterion unrated.`,
  loading: 'Loading scorecards',
  loadFailed: 'Could not load the scorecards',
  retry: 'Retry',
  note: 'Note',
  noteHint: 'Your company’s admins and recruiters read your scorecard. The candidate never does.',
  save: 'Save scorecard',
  saving: 'Saving…',
  saved: 'Scorecard saved',
  failed: 'Your scorecard was not saved',
  lastSaved: (when: string) => `You last saved your scorecard on ${when}.`,
  teamHeading: 'The team’s scorecards',
  none: 'No scorecards yet.',
  count: (n: number) => `${n} ${n === 1 ? 'scorecard' : 'scorecards'}`,
  average: (average: number, leaning: string | null) =>
    `average ${average.toFixed(1)} of ${SCORECARD_RATING_LABELS.length}${leaning ? ` (${leaning})` : ''}`,
  ratings: (n: number) => `${n} ${n === 1 ? 'rating' : 'ratings'}`,
  notRated: 'Not rated',
  by: (name: string) => `Scorecard by ${name}`,
} as const

/** The label of a rating from 1 to 4, or the number itself outside the scale. */
function ratingLabel(rating: number): string {
  return SCORECARD_RATING_LABELS[rating - 1] ?? String(rating)
}

function fieldMessage(error: unknown, field: string): string | undefined {
  return error instanceof ApiError ? error.firstFieldMessage(field) : undefined
}

/**
 * "Scorecard" on an applicant: every member who reaches them rates them on the job's criteria with
 * a note; admins and recruiters also read the summary and every scorecard (the server decides what
 * each caller reads: the summary comes only to those it is for).
 */
export function ScorecardSection({ applicationId }: { applicationId: string }) {
  const headingId = useId()
  const cards = useScorecards(applicationId)
  return (
    <section aria-labelledby={headingId} className="mt-6 border-t border-slate-100 pt-5">
      <h3 id={headingId} className="text-base font-semibold text-slate-900">
        {MESSAGES.heading}
      </h3>
      {cards.isPending ? (
        <Spinner label={MESSAGES.loading} className="mt-3" />
      ) : cards.isError ? (
        <div role="alert" className="mt-3 rounded-xl border border-red-200 bg-red-50/60 p-4 text-center">
          <p className="font-semibold text-red-800">{MESSAGES.loadFailed}</p>
          {cards.error instanceof ApiError && <p className="mt-1 text-sm text-red-700">{cards.error.message}</p>}
          <Button className="mt-3" size="sm" variant="outline" disabled={cards.isFetching} onClick={() => void cards.refetch()}>
            <RotateCcw aria-hidden="true" />
            {MESSAGES.retry}
          </Button>
        </div>
      ) : (
        <>
          <ScorecardForm
            key={cards.data.criteria.join('\n')}
            applicationId={applicationId}
            criteria={cards.data.criteria}
            mine={cards.data.mine}
          />
          {cards.data.summary !== null && <TeamScorecards summary={cards.data.summary} scorecards={cards.data.scorecards} />}
        </>
      )}
    </section>
  )
}

function ScorecardForm({
  applicationId,
  criteria,
  mine,
}: {
  applicationId: string
  criteria: string[]
  mine: Scorecard | null
}) {
  const write = useWriteScorecard(applicationId)
  const [ratings, setRatings] = useState<ReadonlyMap<string, number>>(
    () => new Map((mine?.ratings ?? []).map((r) => [r.criterion, r.rating])),
  )
  const [note, setNote] = useState(mine?.note ?? '')
  const ratingsProblemId = useId()
  const ratingsProblem = fieldMessage(write.error, 'ratings')
  const noteProblem = fieldMessage(write.error, 'note')

  function rate(criterion: string, rating: number) {
    setRatings((old) => {
      const next = new Map(old)
      if (next.get(criterion) === rating) next.delete(criterion)
      else next.set(criterion, rating)
      return next
    })
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (write.isPending) return
    const given: ScorecardRating[] = criteria.flatMap((criterion) => {
      const rating = ratings.get(criterion)
      return rating === undefined ? [] : [{ criterion, rating }]
    })
    try {
      await write.mutateAsync({ ratings: given, note })
      toast.success(MESSAGES.saved)
    } catch (error) {
      if (fieldMessage(error, 'ratings') === undefined && fieldMessage(error, 'note') === undefined) {
        console.error(error)
        toast.error(MESSAGES.failed, { description: error instanceof ApiError ? error.message : undefined })
      }
    }
  }

  return (
    <form noValidate onSubmit={(e) => void submit(e)} className="mt-2 space-y-4" aria-busy={write.isPending}>
      <p className="text-sm text-slate-600">{MESSAGES.intro}</p>
      {criteria.map((criterion) => (
        <fieldset key={criterion} aria-describedby={ratingsProblem ? ratingsProblemId : undefined}>
          <legend className="text-sm font-medium break-words text-slate-900">{criterion}</legend>
          <div className="mt-1.5 grid grid-cols-2 gap-2 sm:grid-cols-4">
            {SCORECARD_RATING_LABELS.map((label, index) => {
              const rating = index + 1
              const pressed = ratings.get(criterion) === rating
              return (
                <button
                  key={label}
                  type="button"
                  aria-pressed={pressed}
                  onClick={() => rate(criterion, rating)}
                  className={cn(
                    'flex min-h-11 items-center justify-center gap-1.5 rounded-xl border px-2 py-2 text-sm font-semibold transition',
                    'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
                    pressed
                      ? 'border-brand-600 bg-brand-600 text-white'
                      : 'border-slate-300 bg-white text-slate-800 hover:border-brand-500 hover:text-brand-700',
                  )}
                >
                  <span aria-hidden="true" className={cn('tabular-nums', pressed ? 'text-white/80' : 'text-slate-500')}>
                    {rating}
                  </span>
                  {label}
                </button>
              )
            })}
          </div>
        </fieldset>
      ))}
      {ratingsProblem && (
        <p id={ratingsProblemId} role="alert" className="text-sm font-medium text-red-700">
          {ratingsProblem}
        </p>
      )}
      <TextAreaField
        label={MESSAGES.note}
        hint={MESSAGES.noteHint}
        error={noteProblem}
        value={note}
        rows={3}
        maxLength={SCORECARD_NOTE_MAX_CHARS}
        onChange={(e) => setNote(e.target.value)}
      />
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={write.isPending}>
          <Save aria-hidden="true" />
          {write.isPending ? MESSAGES.saving : MESSAGES.save}
        </Button>
        {mine && <p className="text-xs text-slate-500">{MESSAGES.lastSaved(mine.updated_text)}</p>}
      </div>
    </form>
  )
}

/** For admins and recruiters: what the scorecards say together, then each one. */
function TeamScorecards({ summary, scorecards }: { summary: ScorecardSummary; scorecards: Scorecard[] }) {
  const headingId = useId()
  return (
    <section aria-labelledby={headingId} className="mt-6">
      <h4 id={headingId} className="text-sm font-semibold text-slate-900">
        {MESSAGES.teamHeading}
      </h4>
      {summary.scorecards === 0 ? (
        <p className="mt-1 text-sm text-slate-600">{MESSAGES.none}</p>
      ) : (
        <>
          <p className="mt-1 text-sm text-slate-800">
            {MESSAGES.count(summary.scorecards)}
            {summary.average !== null && `, ${MESSAGES.average(summary.average, summary.leaning)}`}
          </p>
          <dl aria-label="Average by criterion" className="mt-2 divide-y divide-slate-100 rounded-xl bg-slate-50 px-3">
            {summary.criteria.map((c) => (
              <div key={c.criterion} className="flex flex-wrap justify-between gap-x-3 py-2 text-sm">
                <dt className="min-w-0 break-words text-slate-800">{c.criterion}</dt>
                <dd className="text-slate-700 tabular-nums">
                  {c.average === null ? MESSAGES.notRated : c.average.toFixed(1)} · {MESSAGES.ratings(c.ratings)}
                </dd>
              </div>
            ))}
          </dl>
          <ul className="mt-3 space-y-3">
            {scorecards.map((card) => (
              <li key={card.id}>
                <article aria-label={MESSAGES.by(card.author_name)} className="rounded-xl border border-slate-200 p-3">
                  <p className="text-sm">
                    <span className="font-semibold break-words text-slate-900">{card.author_name}</span>{' '}
                    <span className="text-xs text-slate-500">{card.updated_text}</span>
                  </p>
                  <ul className="mt-1 space-y-0.5 text-sm text-slate-700">
                    {card.ratings.map((r) => (
                      <li key={r.criterion} className="break-words">
                        {r.criterion}: <span className="font-medium text-slate-900">{ratingLabel(r.rating)}</span>
                      </li>
                    ))}
                  </ul>
                  {card.note && <p className="mt-2 text-sm break-words whitespace-pre-wrap text-slate-700">{card.note}</p>}
                </article>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  )
}
