import { describe, expect, it } from 'vitest'
import { statusFields } from '@/testing/application-status'
import type { EmployerApplication } from './api/applications'

type Group = EmployerApplication['stage_group']
const groupOf = (stage: string) => (stage.split(':')[0] ?? stage) as Group
import { boardColumns } from './board-columns'

function application(
  id: string,
  job: string,
  stage: string,
  label: string,
  next: { stage: string; label: string; group: Group }[],
): EmployerApplication {
  return {
    id,
    user_id: `u-${id}`,
    job_id: job,
    ...statusFields('under_review'),
    stage,
    stage_group: groupOf(stage),
    stage_label: label,
    next_stages: next,
    applied_at: 0,
    applied_text: 'Nov 20, 2026',
    employer_comment: null,
    private_note: null,
    ai_screening_comment: null,
    email_subject: '',
    degree_score: 4,
    skills_score: 3,
    university_score: 5,
    experience_score: 3,
    total_raw_score: 15,
    score_percentage: 70,
    job_title: job === 'nurse' ? 'Registered Nurse' : 'Data Analyst',
    company_name: 'Acme',
    candidate_name: id,
    candidate_email: `${id}@example.com`,
    candidate_location: null,
    interview: null,
  }
}

describe('the board columns', () => {
  it('put a job’s own stage after the stage it follows, empty or not, and count its cards', () => {
    const columns = boardColumns([
      application('a', 'nurse', 'screening:c1', 'Credential check', [
        { stage: 'screening', label: 'Screening', group: 'screening' },
        { stage: 'interview:r1', label: 'References', group: 'interview' },
      ]),
      application('b', 'analyst', 'screening', 'Screening', [{ stage: 'screening:t1', label: 'Technical test', group: 'screening' }]),
    ])
    expect(columns.map((c) => c.key)).toEqual(['applied', 'screening', 'interview', 'offer', 'hired'])
    const screening = columns[1]!
    expect(screening.cards.map((a) => a.id)).toEqual(['b'])
    expect(screening.own.map((o) => [o.label, o.jobTitle, o.cards.map((a) => a.id)])).toEqual([
      ['Credential check', 'Registered Nurse', ['a']],
      ['Technical test', 'Data Analyst', []],
    ])
    expect(screening.count).toBe(2)
    expect(columns[2]!.own.map((o) => o.label)).toEqual(['References'])
    expect(columns[2]!.count).toBe(0)
  })
})
