import { describe, expect, it } from 'vitest'
import type { Job } from './api/jobs'
import { emptyJobForm, jobFormFrom, missingRequired, toJobInput } from './job-form'

const TODAY = '2026-11-22'

function filled() {
  return {
    ...emptyJobForm('Acme', TODAY),
    jobTitle: ' Data Analyst ',
    jobType: 'Full-time',
    description: 'Reports.',
    location: 'Harare',
  }
}

const job: Job = {
  id: 'j1',
  employer_id: 'e1',
  company_name: 'Acme',
  company_logo: '/api/v1/logos/a.png',
  job_title: 'Data Analyst',
  job_type: 'Contract',
  job_description: 'Reports.',
  location: 'Harare',
  salary_min: 1000,
  salary_max: null,
  experience_years: 2,
  qualifications: null,
  degree_class: 'First Class',
  required_degree_classes: ['Economics'],
  experience_level: 'Masters',
  minimum_score_threshold: 35,
  skills: ['SQL'],
  requirements: ['Reports'],
  benefits: [],
  industry: null,
  linkedin_url: null,
  application_email: 'jobs@acme.example.com',
  posted_at: Date.UTC(2026, 10, 20, 9, 30),
  expires_at: Date.UTC(2026, 11, 31, 23, 59, 59, 999),
  is_active: true,
  created_at: 0,
  updated_at: 0,
  applications_count: 0,
  salary_text: 'From $1,000',
  posted_text: 'Posted Nov 20, 2026',
}

describe('the job form', () => {
  it('starts with the account company, the icon, today and a threshold of 20', () => {
    const form = emptyJobForm('Acme', TODAY)
    expect(form).toMatchObject({ companyName: 'Acme', logoChoice: 'icon', postedDate: TODAY, threshold: '20', expiryDate: '' })
  })

  it('needs company name, job title, job type, description and location', () => {
    expect(missingRequired(filled())).toBe(false)
    for (const key of ['companyName', 'jobTitle', 'jobType', 'description', 'location'] as const) {
      expect(missingRequired({ ...filled(), [key]: '  ' })).toBe(true)
    }
  })

  it('sends numbers as numbers, blanks as "", and today as "" so the server stamps the moment', () => {
    const input = toJobInput(
      { ...filled(), experienceYears: '3', salaryMin: '1000.5', salaryMax: '', threshold: '', expiryDate: '2026-12-31' },
      '',
      TODAY,
    )
    expect(input).toMatchObject({
      job_title: 'Data Analyst',
      company_logo: '',
      experience_years: 3,
      salary_min: 1000.5,
      salary_max: '',
      minimum_score_threshold: '',
      posted_at: '',
      expires_at: '2026-12-31',
    })
    expect(toJobInput({ ...filled(), postedDate: '2026-11-25' }, '', TODAY).posted_at).toBe('2026-11-25')
  })

  it('sends the uploaded logo only when Upload is chosen', () => {
    expect(toJobInput({ ...filled(), logoChoice: 'upload' }, '/api/v1/logos/x.png', TODAY).company_logo).toBe(
      '/api/v1/logos/x.png',
    )
    expect(toJobInput({ ...filled(), logoChoice: 'icon' }, '/api/v1/logos/x.png', TODAY).company_logo).toBe('')
  })

  it('round-trips an existing job for editing, keeping its days (UTC) and logo', () => {
    const form = jobFormFrom(job)
    expect(form).toMatchObject({
      logoChoice: 'upload',
      jobType: 'Contract',
      degreeLevel: 'Masters',
      requiredDegrees: ['Economics'],
      experienceYears: '2',
      salaryMin: '1000',
      salaryMax: '',
      threshold: '35',
      applicationEmail: 'jobs@acme.example.com',
      postedDate: '2026-11-20',
      expiryDate: '2026-12-31',
    })
    const input = toJobInput(form, job.company_logo, null)
    expect(input).toMatchObject({
      company_logo: '/api/v1/logos/a.png',
      posted_at: '2026-11-20',
      expires_at: '2026-12-31',
      minimum_score_threshold: 35,
      experience_level: 'Masters',
      degree_class: 'First Class',
    })
  })
})
