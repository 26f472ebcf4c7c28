// The applications filters (spec, employer §2 "Manage applications" and §9):
// date range all/7/30/90 days, minimum experience and degree scores any/3+/4+/5.

export type DaysFilter = '' | '7' | '30' | '90'
export type ScoreFilter = '' | '3' | '4' | '5'

export type ApplicationFilters = {
  days: DaysFilter
  minExperience: ScoreFilter
  minDegree: ScoreFilter
}

export const NO_FILTERS: ApplicationFilters = { days: '', minExperience: '', minDegree: '' }

/** The date range options, "" meaning all time. */
export const DAYS_OPTIONS: ReadonlyArray<{ value: DaysFilter; label: string }> = [
  { value: '', label: 'All time' },
  { value: '7', label: 'Last 7 days' },
  { value: '30', label: 'Last 30 days' },
  { value: '90', label: 'Last 90 days' },
]

/** The minimum score options, "" meaning any. */
export const SCORE_OPTIONS: ReadonlyArray<{ value: ScoreFilter; label: string }> = [
  { value: '', label: 'Any' },
  { value: '3', label: '3+' },
  { value: '4', label: '4+' },
  { value: '5', label: '5' },
]

/** Whether any filter narrows the list. */
export function hasFilters(filters: ApplicationFilters): boolean {
  return filters.days !== '' || filters.minExperience !== '' || filters.minDegree !== ''
}

/** The query string of the filters ("?days=7&min_experience=3"), or "" when none is set. */
export function filtersToQuery(filters: ApplicationFilters): string {
  const params = new URLSearchParams()
  if (filters.days) params.set('days', filters.days)
  if (filters.minExperience) params.set('min_experience', filters.minExperience)
  if (filters.minDegree) params.set('min_degree', filters.minDegree)
  const query = params.toString()
  return query ? `?${query}` : ''
}
