import { ApiError, type FieldErrors } from '@/lib/api-client'
import type { FormCheck } from '@/lib/core-worker/worker'
import type { JobForm } from './job-form'

/** The post form's tabs. */
export type TabId = 'basic' | 'education' | 'requirements' | 'benefits' | 'compensation'

/** Where each field the server names (`core::job_post`'s field names) sits in the form. */
const FIELDS: Record<string, { tab: TabId; key: keyof JobForm; label: string }> = {
  company_name: { tab: 'basic', key: 'companyName', label: 'Company name' },
  company_logo: { tab: 'basic', key: 'logoChoice', label: 'Company logo' },
  job_title: { tab: 'basic', key: 'jobTitle', label: 'Job title' },
  job_type: { tab: 'basic', key: 'jobType', label: 'Job type' },
  job_description: { tab: 'basic', key: 'description', label: 'Job description' },
  location: { tab: 'basic', key: 'location', label: 'Location' },
  application_email: { tab: 'basic', key: 'applicationEmail', label: 'Application email' },
  linkedin_url: { tab: 'basic', key: 'linkedinUrl', label: 'LinkedIn job URL' },
  experience_level: { tab: 'education', key: 'degreeLevel', label: 'Degree level' },
  required_degree_classes: { tab: 'education', key: 'requiredDegrees', label: 'Required degrees' },
  experience_years: { tab: 'requirements', key: 'experienceYears', label: 'Years of experience' },
  qualifications: { tab: 'requirements', key: 'qualifications', label: 'Qualifications' },
  requirements: { tab: 'requirements', key: 'requirements', label: 'Requirements' },
  skills: { tab: 'requirements', key: 'skills', label: 'Skills' },
  benefits: { tab: 'benefits', key: 'benefits', label: 'Benefits' },
  degree_class: { tab: 'requirements', key: 'degreeClass', label: 'Minimum degree class' },
  minimum_score_threshold: { tab: 'requirements', key: 'threshold', label: 'Minimum talent score threshold' },
  salary_min: { tab: 'compensation', key: 'salaryMin', label: 'Minimum salary' },
  salary_max: { tab: 'compensation', key: 'salaryMax', label: 'Maximum salary' },
  posted_at: { tab: 'compensation', key: 'postedDate', label: 'Posted date' },
  expires_at: { tab: 'compensation', key: 'expiryDate', label: 'Expiry date' },
}

/** Messages by form key, for the fields to show under themselves. */
export type FormErrors = Partial<Record<keyof JobForm, string>>

/**
 * A refused post read for the form: each field's first message under the field, the tab of the
 * first field to open, and the toast's line naming that field ("Minimum salary: …").
 * `null` when the failure names no field of the form.
 */
export function formErrorsOf(error: unknown): { errors: FormErrors; tab: TabId; summary: string } | null {
  if (!(error instanceof ApiError) || error.status !== 422) return null
  return fromFields(error.fields)
}

export function fromFields(fields: FieldErrors): { errors: FormErrors; tab: TabId; summary: string } | null {
  const errors: FormErrors = {}
  let first: { tab: TabId; summary: string } | null = null
  for (const [field, messages] of Object.entries(fields)) {
    const place = FIELDS[field]
    const message = messages[0]
    if (!place || message === undefined) continue
    errors[place.key] = message
    first ??= { tab: place.tab, summary: `${place.label}: ${message}` }
  }
  return first && { errors, ...first }
}

/**
 * The core's check of the form in the browser, read as the server's refusal would be; null when it
 * passes or names no field of the form (the server then has the last word).
 */
export function fromCheck(check: FormCheck): { errors: FormErrors; tab: TabId; summary: string } | null {
  if (check.ok) return null
  const fields: FieldErrors = {}
  for (const { field, message } of check.errors) (fields[field] ??= []).push(message)
  return fromFields(fields)
}
