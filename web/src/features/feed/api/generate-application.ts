import { apiFetch } from '@/lib/api-client'
import type { Job } from './types'

/** What the letter may say about the candidate (GET /profile's fields). */
type LetterProfile = {
  full_name: string
  skills: string[]
  experience_years: number | null
  degree_class: string | null
  university: string | null
}

/** The cover letter and subject line for "Apply via Email". */
export type GeneratedApplication = { coverLetter: string; subject: string }

/** GET /profile, for the letter; the profile's other fields are not needed here. */
function getLetterProfile(): Promise<{ profile: LetterProfile }> {
  return apiFetch<{ profile: LetterProfile }>('/profile')
}

/**
 * POST /functions/generate-application with the job's texts and the
 * candidate's stored profile, so the letter claims only what the profile holds.
 */
export async function generateApplication(job: Job): Promise<GeneratedApplication> {
  const { profile } = await getLetterProfile()
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
