import { describe, expect, it } from 'vitest'
import { COMPANY_ROLES } from '@/generated/catalogue'
import { companyRoleInfo, DEFAULT_INVITE_ROLE, LEAST_COMPANY_ROLE, namedRole, worksEveryJob } from './company-role'

describe('company roles', () => {
  it('only an interviewer does not work every job; a session without a role is not refused anything', () => {
    expect(worksEveryJob({ companyRole: 'admin' })).toBe(true)
    expect(worksEveryJob({ companyRole: 'recruiter' })).toBe(true)
    expect(worksEveryJob({ companyRole: 'interviewer' })).toBe(false)
    expect(worksEveryJob({ companyRole: null })).toBe(true)
    expect(worksEveryJob({})).toBe(true)
    expect(worksEveryJob(null)).toBe(true)
  })

  it('names roles of core’s list', () => {
    expect(companyRoleInfo(DEFAULT_INVITE_ROLE)?.label).toBe('Recruiter')
    expect(companyRoleInfo(LEAST_COMPANY_ROLE)?.label).toBe('Interviewer')
    expect(COMPANY_ROLES.map((role) => role.key)).toContain(LEAST_COMPANY_ROLE)
    expect(namedRole('interviewer').summary).toMatch(/scorecards/)
    expect(companyRoleInfo('owner')).toBeUndefined()
  })
})
