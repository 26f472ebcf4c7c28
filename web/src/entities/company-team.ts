// The signed-in employer's company team (api/src/team/routes.rs): one request and one hook for
// every screen that lists it (Settings → Team, and a job's hiring team). Changing the team stays
// in the team feature, which refreshes this query.
import { useQuery } from '@tanstack/react-query'
import { apiFetch } from '@/lib/api-client'
import type { Schema } from '@/lib/api-schema'
import { EMPLOYER_QUERIES } from '@/entities/query-keys'

export type CompanyTeam = Schema<'TeamBody'>
export type CompanyMember = Schema<'MemberRow'>

/** The query key of the company's team. */
export const COMPANY_TEAM_KEY = [...EMPLOYER_QUERIES, 'team'] as const

/** GET /employer/team: the members, and (to admins only) the invitations pending. */
export function getCompanyTeam(): Promise<CompanyTeam> {
  return apiFetch<CompanyTeam>('/employer/team')
}

/** The caller's company's team; asked only when `enabled` (an employer). */
export function useCompanyTeam({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ queryKey: COMPANY_TEAM_KEY, queryFn: getCompanyTeam, enabled })
}
