import type { Profile } from '@/entities/profile'
import { apiFetch } from '@/lib/api-client'
import type { Job } from './types'

/** What the letter may say about the candidate. */
type LetterProfile = Pick<Profile, 'full_name' | 'skills' | 'experience_years' | 'degree_class' | 'university'>

/** The cover letter and subject line for "Apply via Email". */
export type GeneratedApplication = { coverLetter: string; subject: string }

/**
 * POST /functions/generate-application with the job's texts and the
 * candidate's stored profile, so the letter claims only what the profile holds.
 */
export function generateApplication(job: Job, profile: LetterProfile): Promise<GeneratedApplication> {
  return apiFetch<GeneratedApplication>('/functions/generate-application', {
    method: 'POST',
    json: {
      jobTitle: job.job_title,
      companyName: job.company_name,
      jobDescription: job.job_description,
      skills: job.skills,
      requirements: job.requirements,
      userProfile: {
        fullName: profile.full_name,
        skills: profile.skills,
        experienceYears: profile.experience_years,
        degreeClass: profile.degree_class,
        university: profile.university,
      },
    },
  })
}
