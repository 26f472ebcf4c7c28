import { describe, expect, it } from 'vitest'
import { employerApplication } from '@/testing/employer-application'
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
  return employerApplication({
    id,
    job_id: job,
    stage,
    stage_group: groupOf(stage),
    stage_label: label,
    next_stages: next,
    job_title: job === 'nurse' ? 'Registered Nurse' : 'Data Analyst',
  })
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
