import { describe, expect, it } from 'vitest'
import type { ProfileProposal } from '@/generated/core-types'
import type { OnboardingFields } from './complete-onboarding'
import { mergeSkills, proposesSomething, withProposal } from './proposal'

const fields: OnboardingFields = {
  fullName: 'Rudo Mhlanga',
  degreeClass: '2.1 Class',
  degreeField: 'Nursing',
  university: 'NUST',
  skills: 'Triage,  night shifts, ',
  experienceYears: '2',
  preferredLocation: 'Harare',
  minSalary: '800',
  maxSalary: '1500',
  jobTypes: ['Full-time'],
}

const nurse: ProfileProposal = {
  skills: ['Patient care', 'triage', 'BLS', 'patient care'],
  experienceYears: 6,
  degreeField: 'BSc Nursing Science',
  university: 'University of Zimbabwe (UZ)',
}

describe('mergeSkills', () => {
  it('keeps the kept ones in order and adds each new one once, whatever its case', () => {
    expect(mergeSkills(['Triage', 'Night shifts'], ['Patient care', 'TRIAGE', 'BLS', 'patient CARE'])).toEqual([
      'Triage',
      'Night shifts',
      'Patient care',
      'BLS',
    ])
  })
})

describe('withProposal', () => {
  it('adds the resume skills after the typed ones and takes its years, field and university', () => {
    expect(withProposal(fields, nurse)).toEqual({
      ...fields,
      skills: 'Triage, night shifts, Patient care, BLS',
      experienceYears: '6',
      degreeField: 'BSc Nursing Science',
      university: 'University of Zimbabwe (UZ)',
    })
  })

  it('keeps what the resume does not say, and a university the list does not offer', () => {
    const quiet: ProfileProposal = { skills: [], experienceYears: null, degreeField: null, university: 'Harvard' }
    expect(withProposal(fields, quiet)).toEqual({ ...fields, skills: 'Triage, night shifts' })
  })
})

describe('proposesSomething', () => {
  it('is false only when every field is empty', () => {
    expect(proposesSomething({ skills: [], experienceYears: null, degreeField: null, university: null })).toBe(false)
    expect(proposesSomething({ skills: [], experienceYears: 0, degreeField: null, university: null })).toBe(true)
  })
})
