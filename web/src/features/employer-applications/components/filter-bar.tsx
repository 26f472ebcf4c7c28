import { Download, Sparkles } from 'lucide-react'
import { useId } from 'react'
import { Button } from '@/components/button'
import { inputClasses } from '@/components/form-field'
import { DAYS_OPTIONS, SCORE_OPTIONS, type ApplicationFilters, type DaysFilter, type ScoreFilter } from '../filters'

function FilterSelect<T extends string>({
  label,
  value,
  options,
  onChange,
}: {
  label: string
  value: T
  options: ReadonlyArray<{ value: T; label: string }>
  onChange: (value: T) => void
}) {
  const id = useId()
  return (
    <div className="min-w-0 flex-1">
    <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-slate-800">
      {label}
    </label>
    <select
      id={id}
      value={value}
      className={inputClasses}
      onChange={(e) => {
        const chosen = options.find((o) => o.value === e.target.value)
        if (chosen) onChange(chosen.value)
      }}
    >
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </select>
    </div>
  )
}

/**
 * The list's filters (spec §2), the AI recommendation and the CSV export of what they show; without
 * `onRecommend` and `onExport` (an interviewer's list), the filters only.
 */
export function FilterBar({
  filters,
  onChange: setFilter,
  recommending,
  onRecommend: recommend,
  exporting,
  onExport: exportCsv,
}: {
  filters: ApplicationFilters
  onChange: <K extends keyof ApplicationFilters>(key: K, value: ApplicationFilters[K]) => void
  recommending: boolean
  onRecommend?: () => void
  exporting: boolean
  onExport?: () => void
}) {
  return (
    <div className="rounded-2xl border border-slate-200/80 bg-white p-4 shadow-sm sm:p-5">
      <div className="flex flex-col gap-4 lg:flex-row lg:items-end">
        <div role="group" aria-label="Filters" className="flex flex-1 flex-col gap-3 sm:flex-row">
          <FilterSelect<DaysFilter>
            label="Date range"
            value={filters.days}
            options={DAYS_OPTIONS}
            onChange={(v) => setFilter('days', v)}
          />
          <FilterSelect<ScoreFilter>
            label="Minimum experience score"
            value={filters.minExperience}
            options={SCORE_OPTIONS}
            onChange={(v) => setFilter('minExperience', v)}
          />
          <FilterSelect<ScoreFilter>
            label="Minimum degree score"
            value={filters.minDegree}
            options={SCORE_OPTIONS}
            onChange={(v) => setFilter('minDegree', v)}
          />
        </div>
        {recommend && (
          <Button disabled={recommending} aria-busy={recommending} onClick={recommend}>
            <Sparkles aria-hidden="true" />
            AI Recommendation
          </Button>
        )}
        {exportCsv && (
          <Button variant="outline" disabled={exporting} aria-busy={exporting} onClick={exportCsv}>
            <Download aria-hidden="true" />
            Export CSV
          </Button>
        )}
      </div>
    </div>
  )
}
