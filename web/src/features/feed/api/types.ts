// The shapes the feed routes answer with (api/src/feed, api/src/applications).

import type { CollapsedList } from '@/lib/core-sync'
import type { RoleStyle } from '@/lib/core-worker'

/** A job's card lines as the core formats them (core `card::CardText`), sent with each job. */
export type CardText = {
  salary: string
  posted: string
  descriptionPreview: string
  requirements: CollapsedList
  benefits: CollapsedList
  role: RoleStyle
}

/** A live job as GET /jobs and GET /jobs/{id} send it (spec, candidate §3 "jobs"). */
export type Job = {
  id: string
  job_title: string
  company_name: string
  /** Absent when the job has no logo: the card shows a role icon. */
  company_logo: string | null
  linkedin_url: string | null
  location: string
  job_type: string
  salary_min: number | null
  salary_max: number | null
  experience_years: number | null
  job_description: string
  requirements: string[]
  benefits: string[]
  skills: string[]
  /** Epoch milliseconds. */
  posted_at: number
  expires_at: number | null
  is_active: boolean
  /** Where "Apply via Email" sends to: an address found in `linkedin_url`, else the application e-mail. */
  employer_email: string | null
  card: CardText
  /** Whether the signed-in candidate already applied. */
  applied: boolean
}

/** The candidate's fit for a job (core `score::FitScore`). */
export type FitScore = {
  degreeScore: number
  skillsScore: number
  universityScore: number
  experienceScore: number
  totalRawScore: number
  /** One decimal. */
  scorePercentage: number
  meetsThreshold: boolean
  threshold: number
  /** One line per component: degree, skills, university, experience. */
  explanations: string[]
  missingSkills: string[]
}

/** An application as POST /applications answers it. */
export type Application = {
  id: string
  job_id: string
  status: string
  cover_letter: string
  email_subject: string
  score_percentage: number
  applied_at: number
}
