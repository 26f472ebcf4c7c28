// The employer's analytics (spec, employer §3 "Analytics object"), plus the series the charts draw.
import { useQuery } from '@tanstack/react-query'
import { apiFetch } from '@/lib/api-client'
import type { Schema } from '@/lib/api-schema'
import { EMPLOYER_ANALYTICS_KEY } from '@/entities/query-keys'

export type DayCount = Schema<'DayCount'>
export type JobCount = Schema<'JobCount'>
export type Analytics = Schema<'Analytics'>


/** GET /employer/analytics. */
export function getAnalytics(): Promise<Analytics> {
  return apiFetch<Analytics>('/employer/analytics')
}

export function useEmployerAnalytics() {
  return useQuery({ queryKey: EMPLOYER_ANALYTICS_KEY, queryFn: getAnalytics })
}
