import { render, screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import type { OnboardingFields } from '@/entities/profile/complete-onboarding'
import { PreferencesStep } from './components/preferences-step'
import { missingFieldsText } from './missing-fields'

const filled: OnboardingFields = {
  fullName: 'Tariro Moyo',
  degreeClass: '2.1 Class',
  degreeField: '',
  university: 'NUST',
  skills: 'SQL, Python',
  experienceYears: '3',
  preferredLocation: 'Harare',
  minSalary: '1000',
  maxSalary: '2500',
  jobTypes: ['Full-time'],
}

describe('the fields a "Please fill in all …" toast means', () => {
  it('names the empty salaries under the spec\'s preferences message', () => {
    expect(missingFieldsText('Please fill in all preferences', { ...filled, minSalary: '', maxSalary: ' ' })).toBe(
      'Missing: Minimum salary, Maximum salary',
    )
    expect(missingFieldsText('Please fill in all preferences', { ...filled, jobTypes: [], preferredLocation: '' })).toBe(
      'Missing: Preferred location, Job types',
    )
  })

  it('names the academic fields left empty, a skills line of commas counting as empty', () => {
    expect(missingFieldsText('Please fill in all academic information', { ...filled, skills: ' , ', experienceYears: '' })).toBe(
      'Missing: Skills, Years of experience',
    )
  })

  it('adds nothing to other messages, or when every field has a value', () => {
    expect(missingFieldsText('Minimum salary cannot be more than maximum salary', { ...filled, minSalary: '' })).toBeUndefined()
    expect(missingFieldsText('Please fill in all preferences', filled)).toBeUndefined()
  })
})

describe('step 4', () => {
  it('marks every field it needs as required', () => {
    render(<PreferencesStep fields={filled} update={vi.fn<() => void>()} onJobType={vi.fn<() => void>()} />)
    for (const name of ['Preferred location', 'Minimum salary', 'Maximum salary']) {
      expect(screen.getByRole(name === 'Preferred location' ? 'textbox' : 'spinbutton', { name })).toBeRequired()
    }
    expect(screen.getByRole('group', { name: /^Job types/ })).toHaveTextContent('(required, one or more)')
  })
})
