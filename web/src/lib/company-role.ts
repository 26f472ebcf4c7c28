// What an employer's role on their company's team lets the screens offer (core's `COMPANY_ROLES`,
// `core/src/team.rs`). The server checks the role again on every request: this only keeps the
// screens from offering what it would refuse.
import { COMPANY_ROLES, MSG_RECRUITERS_ONLY } from '@/generated/catalogue'
import type { SessionUser } from '@/lib/session'

/** A role of core's list, with its label and what it may do. */
export type CompanyRoleInfo = (typeof COMPANY_ROLES)[number]

/** The role an admin's invitation offers until they choose another: works every job, manages no one. */
export const DEFAULT_INVITE_ROLE = 'recruiter' satisfies CompanyRoleInfo['key']

/** The role that reaches least: reads the applicants of the jobs they are on and writes scorecards. */
export const LEAST_COMPANY_ROLE = 'interviewer' satisfies CompanyRoleInfo['key']

/** The server's words when an interviewer asks for anything else (shown where a screen is not theirs). */
export const INTERVIEWER_REFUSAL = MSG_RECRUITERS_ONLY

/** Core's role named `key`, one of its keys (so always there). */
export function namedRole<K extends CompanyRoleInfo['key']>(key: K): Extract<CompanyRoleInfo, { key: K }> {
  const role = COMPANY_ROLES.find((r): r is Extract<CompanyRoleInfo, { key: K }> => r.key === key)
  if (role === undefined) throw new Error(`No company role ${key}`)
  return role
}

/** Core's role of `key`, or undefined for a key this build does not know. */
export function companyRoleInfo(key: string): CompanyRoleInfo | undefined {
  return COMPANY_ROLES.find((role) => role.key === key)
}

/**
 * Whether `user` works on every job of their company (an admin or a recruiter): not an
 * interviewer, who reaches only the jobs whose hiring team lists them. A session stored before
 * roles were sent says nothing, and is taken as working every job: the server refuses the rest.
 */
export function worksEveryJob(user: Pick<SessionUser, 'companyRole'> | null | undefined): boolean {
  return user?.companyRole !== 'interviewer'
}
