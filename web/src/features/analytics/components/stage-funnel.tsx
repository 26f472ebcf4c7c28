import { useId } from 'react'
import type { Analytics } from '../api/analytics'
import { daysText, percentOfApplied } from '../chart-data'

/**
 * The pipeline's funnel: how many applications reached each stage, as bars of their share of
 * all applications, with the median days spent in each stage. Bars and numbers are one list,
 * so screen readers read the same figures.
 */
export function StageFunnel({ pipeline }: { pipeline: Analytics['pipeline'] }) {
  const id = useId()
  return (
    <figure aria-labelledby={id} className="rounded-2xl border border-slate-200/80 bg-white p-5 shadow-sm">
      <figcaption id={id} className="text-base font-semibold text-slate-900">
        Hiring funnel
      </figcaption>
      <p className="mt-1 text-sm text-slate-600">How many applications reached each stage, and the median time spent in it.</p>
      <ol aria-label="Applications per stage" className="mt-4 space-y-3">
        {pipeline.map((line) => (
          <li key={line.stage} className="text-sm">
            <div className="flex flex-wrap items-baseline justify-between gap-x-3">
              <span className="font-medium text-slate-800">{line.label}</span>
              <span className="text-slate-900 tabular-nums">
                <span className="font-semibold">{line.reached}</span>{' '}
                <span className="text-slate-500">({percentOfApplied(line.percentOfApplied)})</span>
                <span className="text-slate-500"> · {daysText(line.medianDays)}</span>
              </span>
            </div>
            <div aria-hidden="true" className="mt-1 h-2.5 rounded-full bg-slate-100">
              <div
                className="h-full rounded-full bg-brand-500"
                style={{ width: `${Math.max(line.percentOfApplied, line.reached > 0 ? 2 : 0)}%` }}
              />
            </div>
          </li>
        ))}
      </ol>
    </figure>
  )
}
