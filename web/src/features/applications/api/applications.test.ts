import { describe, expect, it } from 'vitest'
import { statusFields } from '@/testing/application-status'
import { withoutApplication, type MyApplication, type MyApplications } from './applications'

const base = { job_id: 'j', cover_letter: '', email_subject: '', degree_score: 0, skills_score: 0 }
function app(id: string, status: string): MyApplication {
  return {
    ...base,
    id,
    ...statusFields(status),
    university_score: 0,
    experience_score: 0,
    total_raw_score: 0,
    score_percentage: 0,
    applied_at: 0,
    employer_comment: null,
    ai_screening_comment: null,
    job_available: true,
    job_title: 'T',
    company_name: 'C',
    company_logo: null,
    location: null,
    salary_min: null,
    salary_max: null,
    documents: [],
    interview: null,
  }
}

const list: MyApplications = {
  applications: [app('a', 'under_review'), app('b', 'accepted'), app('c', 'withdrawn')],
  counts: { total: 3, pending: 1, accepted: 1, rejected: 0 },
}

describe('withoutApplication', () => {
  it('drops the application and lowers the total and its own counter', () => {
    expect(withoutApplication(list, app('a', 'under_review'))).toEqual({
      applications: [app('b', 'accepted'), app('c', 'withdrawn')],
      counts: { total: 2, pending: 0, accepted: 1, rejected: 0 },
    })
  })

  it('lowers only the total for a status no counter has', () => {
    expect(withoutApplication(list, app('c', 'withdrawn')).counts).toEqual({
      total: 2,
      pending: 1,
      accepted: 1,
      rejected: 0,
    })
  })

  it('changes nothing for an application not in the list', () => {
    expect(withoutApplication(list, app('zzz', 'accepted'))).toBe(list)
  })
})
