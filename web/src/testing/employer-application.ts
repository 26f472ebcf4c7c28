import type { EmployerApplication } from '@/features/employer-applications/api/applications'
import { statusFields } from './application-status'

/**
 * An application as the employer's list sends it, under review unless `changes` say otherwise,
 * for the board's component and unit tests.
 */
export function employerApplication(changes: Partial<EmployerApplication> & Pick<EmployerApplication, 'id'>): EmployerApplication {
  return {
    user_id: `u-${changes.id}`,
    job_id: 'j1',
    ...statusFields('under_review'),
    stage: 'screening',
    stage_group: 'screening',
    stage_label: 'Screening',
    next_stages: [],
    applied_at: 0,
    applied_text: 'Nov 20, 2026',
    employer_comment: null,
    private_note: null,
    ai_screening_comment: null,
    email_subject: '',
    degree_score: 4,
    skills_score: 3,
    skills_evidence: null,
    university_score: 5,
    experience_score: 3,
    total_raw_score: 15,
    score_percentage: 76.5,
    job_title: 'Data Analyst',
    company_name: 'Acme',
    candidate_name: changes.id,
    candidate_email: `${changes.id}@example.com`,
    candidate_location: null,
    interview: null,
    ...changes,
  }
}
