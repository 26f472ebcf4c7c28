import { describe, expect, it } from 'vitest'
import type { Profile } from '.'
import { savedChanges } from './saved-changes'

const before: Profile = {
  id: 'user-1',
  email: 'rudo@example.com',
  full_name: 'Rudo Mhlanga',
  degree_class: '2.1 Class',
  degree_field: null,
  university: 'NUST',
  skills: ['Triage', 'Excel'],
  experience_years: 2,
  location: 'Harare',
  has_avatar: false,
  default_resume: null,
}

describe('savedChanges', () => {
  it('names the skills added and removed, and each field that changed, as the server saved it', () => {
    const after: Profile = {
      ...before,
      skills: ['triage', 'Patient care', 'BLS'],
      experience_years: 6,
      degree_field: 'Nursing',
      university: 'University of Zimbabwe (UZ)',
    }
    expect(savedChanges(before, after)).toEqual([
      'Skills added: Patient care, BLS',
      'Skills removed: Excel',
      'Years of experience: 6',
      'Field of study: Nursing',
      'University: University of Zimbabwe (UZ)',
    ])
  })

  it('is empty when the profile held all of it', () => {
    expect(savedChanges(before, { ...before, skills: ['Excel', 'TRIAGE'] })).toEqual([])
  })
})
