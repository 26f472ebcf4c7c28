// The job form's state and how it becomes the API's body (spec, employer §2 "Post a job", §3, §5).
import type { Job, JobInput } from './api/jobs'
import { utcIsoDate } from './format'
import { DEFAULT_THRESHOLD } from './options'

/** Logo choice: the default icon, or an uploaded image (spec §4). */
export type LogoChoice = 'icon' | 'upload'

/** Everything the form holds; numbers stay text until sent. */
export type JobForm = {
  companyName: string
  logoChoice: LogoChoice
  jobTitle: string
  jobType: string
  description: string
  location: string
  applicationEmail: string
  linkedinUrl: string
  /** The degree level (sent as experience_level). */
  degreeLevel: string
  requiredDegrees: string[]
  experienceYears: string
  qualifications: string
  degreeClass: string
  threshold: string
  requirements: string[]
  skills: string[]
  benefits: string[]
  salaryMin: string
  salaryMax: string
  /** YYYY-MM-DD. */
  postedDate: string
  /** YYYY-MM-DD or "". */
  expiryDate: string
}

/** A new job's form: the company name from the account, the posted date today, the threshold 20. */
export function emptyJobForm(companyName: string, today: string): JobForm {
  return {
    companyName,
    logoChoice: 'icon',
    jobTitle: '',
    jobType: '',
    description: '',
    location: '',
    applicationEmail: '',
    linkedinUrl: '',
    degreeLevel: '',
    requiredDegrees: [],
    experienceYears: '',
    qualifications: '',
    degreeClass: '',
    threshold: String(DEFAULT_THRESHOLD),
    requirements: [],
    skills: [],
    benefits: [],
    salaryMin: '',
    salaryMax: '',
    postedDate: today,
    expiryDate: '',
  }
}

/** The form of an existing job, for editing. */
export function jobFormFrom(job: Job): JobForm {
  const text = (n: number | null) => (n === null ? '' : String(n))
  return {
    companyName: job.company_name,
    logoChoice: job.company_logo ? 'upload' : 'icon',
    jobTitle: job.job_title,
    jobType: job.job_type,
    description: job.job_description,
    location: job.location,
    applicationEmail: job.application_email ?? '',
    linkedinUrl: job.linkedin_url ?? '',
    degreeLevel: job.experience_level ?? '',
    requiredDegrees: job.required_degree_classes ?? [],
    experienceYears: text(job.experience_years),
    qualifications: job.qualifications ?? '',
    degreeClass: job.degree_class ?? '',
    threshold: String(job.minimum_score_threshold),
    requirements: job.requirements,
    skills: job.skills,
    benefits: job.benefits,
    salaryMin: text(job.salary_min),
    salaryMax: text(job.salary_max),
    postedDate: utcIsoDate(job.posted_at),
    expiryDate: job.expires_at === null ? '' : utcIsoDate(job.expires_at),
  }
}

/** Whether a required field (company name, job title, job type, description, location) is blank. */
const REQUIRED = ['companyName', 'jobTitle', 'jobType', 'description', 'location'] as const

export function missingRequired(form: JobForm): boolean {
  return REQUIRED.some((key) => form[key].trim() === '')
}

/** "Required" under each required field left blank. */
export function requiredErrors(form: JobForm): Partial<Record<keyof JobForm, string>> {
  return Object.fromEntries(REQUIRED.filter((key) => form[key].trim() === '').map((key) => [key, 'Required']))
}

/** A number field: "" stays "" (none); number inputs hold only numbers, anything else counts as none. */
function numberOrBlank(text: string): number | '' {
  const trimmed = text.trim()
  if (trimmed === '') return ''
  const n = Number(trimmed)
  return Number.isFinite(n) ? n : ('' as const)
}

/**
 * The API body of the form. `logoUrl` is the uploaded logo's URL ("" for the
 * icon); a posted date of `today` is sent as "" so the server stamps the moment.
 */
export function toJobInput(form: JobForm, logoUrl: string, today: string | null): JobInput {
  return {
    company_name: form.companyName.trim(),
    company_logo: form.logoChoice === 'upload' ? logoUrl : '',
    job_title: form.jobTitle.trim(),
    job_type: form.jobType,
    job_description: form.description.trim(),
    location: form.location.trim(),
    application_email: form.applicationEmail.trim(),
    linkedin_url: form.linkedinUrl.trim(),
    experience_level: form.degreeLevel,
    required_degree_classes: form.requiredDegrees,
    experience_years: numberOrBlank(form.experienceYears),
    qualifications: form.qualifications.trim(),
    degree_class: form.degreeClass,
    minimum_score_threshold: numberOrBlank(form.threshold),
    requirements: form.requirements,
    skills: form.skills,
    benefits: form.benefits,
    salary_min: numberOrBlank(form.salaryMin),
    salary_max: numberOrBlank(form.salaryMax),
    posted_at: today !== null && form.postedDate === today ? '' : form.postedDate,
    expires_at: form.expiryDate,
  }
}
