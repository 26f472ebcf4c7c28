// The employer's analytics (spec, employer §3 "Analytics object"), plus the series the charts draw.
import { useQuery } from '@tanstack/react-query'
import { apiFetch } from '@/lib/api-client'

export type DayCount = { /** UTC midnight, epoch milliseconds. */ day: number; count: number }
export type JobCount = { job_id: string; job_title: string; count: number }

export type Analytics = {
  totalApplications: number
  acceptedCount: number
  rejectedCount: number
  /** Applications awaiting a decision (applied, pending, under review). */
  pendingCount: number
  locationDistribution: Record<string, number>
  /** The last 30 days, oldest first. */
  applicationsPerDay: DayCount[]
  applicationsPerJob: JobCount[]
}

export const ANALYTICS_KEY = ['employer', 'analytics'] as const

/** GET /employer/analytics. */
export function getAnalytics(): Promise<Analytics> {
  return apiFetch<Analytics>('/employer/analytics')
}

export function useEmployerAnalytics() {
  return useQuery({ queryKey: ANALYTICS_KEY, queryFn: getAnalytics })
}
