import { describe, expect, it } from 'vitest'
import { onboardingFormData } from './complete-onboarding'

describe('onboardingFormData', () => {
  it('sends the text as typed, one job_types entry per type, and every chosen file', () => {
    const resume = new File(['%PDF-1.4'], 'cv.pdf', { type: 'application/pdf' })
    const certificates = [new File(['a'], 'a.pdf'), new File(['b'], 'b.png')]
    const data = onboardingFormData({
      fields: {
        fullName: 'Tariro Moyo',
        degreeClass: '2.1 Class',
        degreeField: 'BSc Nursing Science',
        university: 'NUST',
        skills: 'React, TypeScript',
        experienceYears: '3',
        preferredLocation: 'Harare',
        minSalary: '800',
        maxSalary: '1500',
        jobTypes: ['Full-time', 'Remote'],
      },
      files: { avatar: null, resume, certificates },
    })
    expect(data.get('skills')).toBe('React, TypeScript')
    expect(data.get('degree_field')).toBe('BSc Nursing Science')
    expect(data.get('experience_years')).toBe('3')
    expect(data.getAll('job_types')).toEqual(['Full-time', 'Remote'])
    expect((data.get('resume') as File).name).toBe('cv.pdf')
    expect(data.getAll('certificates').map((f) => (f as File).name)).toEqual(['a.pdf', 'b.png'])
    expect(data.has('avatar')).toBe(false)
  })
})
