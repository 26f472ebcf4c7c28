import { afterEach, describe, expect, it } from 'vitest'
import type { OnboardingFields } from '@/entities/profile/complete-onboarding'
import { createSessionStore, type Session } from '@/lib/session'
import {
  draftKey,
  noteOf,
  readDraft,
  removeDraft,
  removeDrafts,
  removeDraftsOnUserChange,
  saveDraft,
  type OnboardingDraft,
} from './draft'

const fields: OnboardingFields = {
  fullName: 'Rudo Mhlanga',
  degreeClass: '2.1 Class',
  degreeField: 'Nursing',
  university: 'Chinhoyi University of Technology, School of Agricultural Sciences and Technology',
  skills: 'Patient care, triage',
  experienceYears: '4',
  preferredLocation: 'Harare',
  minSalary: '800',
  maxSalary: '1500',
  jobTypes: ['Full-time', 'Remote'],
}

const draft: OnboardingDraft = {
  step: 3,
  fields,
  proposalUsed: false,
  files: {
    avatar: null,
    resume: { name: 'cv.pdf', size: 2048 },
    certificates: [{ name: 'first-aid.pdf', size: 1024 }],
  },
  entry: 'entry-1',
}

function session(userId: string): Session {
  return {
    user: {
      id: userId,
      email: `${userId}@example.com`,
      fullName: 'Rudo Mhlanga',
      companyName: null,
      roles: ['candidate'],
      onboarded: false,
      hasAvatar: false,
      emailConfirmed: true,
    },
    accessToken: `access-${userId}`,
    refreshToken: `refresh-${userId}`,
    expiresAt: 4_000_000_000,
    expiresIn: 900,
  }
}

afterEach(() => sessionStorage.clear())

describe('the onboarding draft', () => {
  it('is kept in sessionStorage under its user and read back as saved', () => {
    saveDraft(sessionStorage, 'user-a', draft)
    expect(sessionStorage.getItem(draftKey('user-a'))).not.toBeNull()
    expect(readDraft(sessionStorage, 'user-a')).toEqual(draft)
  })

  it('belongs to its user: another account on the same browser reads none', () => {
    saveDraft(sessionStorage, 'user-a', draft)
    expect(readDraft(sessionStorage, 'user-b')).toBeNull()
    saveDraft(sessionStorage, 'user-b', { ...draft, step: 2, fields: { ...fields, fullName: 'Tariro Moyo' } })
    expect(readDraft(sessionStorage, 'user-a')?.fields.fullName).toBe('Rudo Mhlanga')
    expect(readDraft(sessionStorage, 'user-b')?.fields.fullName).toBe('Tariro Moyo')
  })

  it('is removed when onboarding finishes, leaving other keys alone', () => {
    sessionStorage.setItem('jobToView', 'job-1')
    saveDraft(sessionStorage, 'user-a', draft)
    removeDraft(sessionStorage, 'user-a')
    expect(readDraft(sessionStorage, 'user-a')).toBeNull()
    expect(sessionStorage.getItem('jobToView')).toBe('job-1')
  })

  it('of anyone but the signed-in user is removed; all of them when signed out', () => {
    saveDraft(sessionStorage, 'user-a', draft)
    saveDraft(sessionStorage, 'user-b', draft)
    sessionStorage.setItem('jobToView', 'job-1')
    removeDrafts(sessionStorage, 'user-b')
    expect(readDraft(sessionStorage, 'user-a')).toBeNull()
    expect(readDraft(sessionStorage, 'user-b')).toEqual(draft)
    removeDrafts(sessionStorage, null)
    expect(readDraft(sessionStorage, 'user-b')).toBeNull()
    expect(sessionStorage.getItem('jobToView')).toBe('job-1')
  })

  it('goes when its owner signs out or another account signs in', () => {
    const store = createSessionStore({ storage: null, locks: null, window: null, document: null })
    store.set(session('user-a'))
    const stop = removeDraftsOnUserChange(store, () => sessionStorage)
    saveDraft(sessionStorage, 'user-a', draft)

    store.updateUser({ onboarded: false }) // the same user: kept
    expect(readDraft(sessionStorage, 'user-a')).toEqual(draft)

    store.set(session('user-b'))
    expect(readDraft(sessionStorage, 'user-a')).toBeNull()

    saveDraft(sessionStorage, 'user-b', draft)
    store.clear()
    expect(readDraft(sessionStorage, 'user-b')).toBeNull()
    stop()
  })

  it('reads nothing from text that is not a draft of this version', () => {
    const key = draftKey('user-a')
    for (const text of [
      'not json',
      JSON.stringify({ ...draft }), // no version
      JSON.stringify({ version: 1, ...draft, step: 7 }),
      JSON.stringify({ version: 1, ...draft, fields: { ...fields, skills: 3 } }),
      JSON.stringify({ version: 1, ...draft, files: { avatar: null, resume: 'cv.pdf', certificates: [] } }),
    ]) {
      sessionStorage.setItem(key, text)
      expect(readDraft(sessionStorage, 'user-a')).toBeNull()
    }
    expect(readDraft(null, 'user-a')).toBeNull()
  })

  it('holds a file by its name and size only, never its content', () => {
    const file = new File(['%PDF-1.4 secret content'], 'cv.pdf', { type: 'application/pdf' })
    const note = noteOf(file)
    expect(note).toEqual({ name: 'cv.pdf', size: file.size })
    saveDraft(sessionStorage, 'user-a', { ...draft, files: { avatar: null, resume: note, certificates: [] } })
    expect(sessionStorage.getItem(draftKey('user-a'))).not.toContain('secret')
  })
})
