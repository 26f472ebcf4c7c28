import { Spinner } from '@/components/spinner'
import { ApiError } from '@/lib/api-client'
import { COMPONENT_MAX } from '@/generated/catalogue'
import { cn } from '@/lib/cn'
import { useJobScore } from '../api/get-job-score'
import { percentText, pointsText, totalText } from '@/lib/score-text'

/**
 * The candidate's fit for a job as the server computes it from the stored
 * profile (GET /jobs/{id}/score): the percentage against the job's threshold,
 * the four components with their one-line explanations, and missing skills.
 * `compact` (the apply dialog) shows the percentage, and the explanations only when it
 * is below the threshold.
 */
export function FitBreakdown({ jobId, compact = false }: { jobId: string; compact?: boolean }) {
  const score = useJobScore(jobId, true)
  if (score.isPending) return <Spinner label="Checking your fit" />
  if (score.isError) {
    const reason = score.error instanceof ApiError ? score.error.message : undefined
    return (
      <p role="alert" className="text-sm text-red-700">
        Your fit could not be checked{reason ? `: ${reason}` : '.'}
      </p>
    )
  }
  const fit = score.data
  const components: Array<[string, number]> = [
    ['Degree', fit.degreeScore],
    ['Skills', fit.skillsScore],
    ['University', fit.universityScore],
    ['Experience', fit.experienceScore],
  ]
  return (
    <div className="space-y-3">
      <p className="flex flex-wrap items-baseline gap-x-2 text-slate-900">
        <span className="text-lg font-bold">Your fit: {percentText(fit.scorePercentage)}</span>
        <span className={cn('text-sm font-medium', fit.meetsThreshold ? 'text-emerald-700' : 'text-orange-700')}>
          {fit.meetsThreshold ? 'Meets' : 'Below'} this job&apos;s {fit.threshold}% threshold
        </span>
      </p>
      {compact && !fit.meetsThreshold && (
        // Below the threshold, the reasons show before the candidate tries to apply.
        <ul aria-label="Why" className="list-disc space-y-1 pl-5 text-sm text-slate-700">
          {fit.explanations.map((line, i) => (
            <li key={i}>{line}</li>
          ))}
        </ul>
      )}
      {!compact && (
        <>
          <dl className="grid grid-cols-2 gap-2 text-sm sm:grid-cols-4">
            {components.map(([label, value]) => (
              <div key={label} className="rounded-xl bg-slate-50 px-3 py-2">
                <dt className="text-xs text-slate-500">{label}</dt>
                <dd className="font-semibold text-slate-900">
                  {pointsText(value)}/{COMPONENT_MAX}
                </dd>
              </div>
            ))}
          </dl>
          <p className="text-sm text-slate-600">
            Total {totalText(fit.totalRawScore)}
          </p>
          <ul className="list-disc space-y-1 pl-5 text-sm">
            {fit.explanations.map((line, i) => (
              <li key={i}>{line}</li>
            ))}
          </ul>
          {fit.missingSkills.length > 0 && (
            <p className="text-sm">
              <span className="font-medium text-slate-900">Skills to add: </span>
              {fit.missingSkills.join(', ')}
            </p>
          )}
        </>
      )}
    </div>
  )
}
