// Onboarding's draft: what a person has entered so far, kept in this tab's sessionStorage under
// their user id, so a reload (or a phone browser that dropped the tab) reopens the step they were
// on with the fields they typed. Files are not kept: they stay in memory until "Complete Setup"
// sends everything in one request, so the draft holds only their names and sizes, to say after a
// reload which ones must be chosen again. The draft goes when onboarding is finished, when its
// owner signs out, and with the tab.
import type { OnboardingFields } from '@/entities/profile/complete-onboarding'
import type { SessionStore } from '@/lib/session'

/** Drafts are stored under this prefix followed by the user id. */
export const DRAFT_KEY_PREFIX = 'jobtap.onboarding-draft.'
/** Bump when the draft changes shape: older drafts are then ignored. */
const DRAFT_VERSION = 1

/** A file chosen before: its name and size only, never its content. */
export type FileNote = { name: string; size: number }

/** The files of the form by name: those chosen now, or, after a reload, those to choose again. */
export type FileNotes = { avatar: FileNote | null; resume: FileNote | null; certificates: FileNote[] }

export const NO_FILES: FileNotes = { avatar: null, resume: null, certificates: [] }

/** What the draft keeps. */
export type OnboardingDraft = {
  /** The step shown, 1 to 4. */
  step: number
  fields: OnboardingFields
  /** Step 3's fields were filled in from the resume (the step asks for a check). */
  proposalUsed: boolean
  files: FileNotes
  /** The history entry the draft was made in: a reload keeps it, a new visit gets another. */
  entry: string
}

/** The sessionStorage key of one user's draft. */
export function draftKey(userId: string): string {
  return `${DRAFT_KEY_PREFIX}${userId}`
}

/** This tab's sessionStorage, or null where it is missing or blocked. */
export function draftStorage(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage
  } catch {
    return null
  }
}

const TEXT_FIELDS = [
  'fullName',
  'degreeClass',
  'degreeField',
  'university',
  'skills',
  'experienceYears',
  'preferredLocation',
  'minSalary',
  'maxSalary',
] as const satisfies readonly Exclude<keyof OnboardingFields, 'jobTypes'>[]

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null
}

function fileNote(value: unknown): FileNote | null | undefined {
  if (value === null) return null
  if (!isRecord(value) || typeof value.name !== 'string' || typeof value.size !== 'number') return undefined
  return { name: value.name, size: value.size }
}

function parseFields(value: unknown): OnboardingFields | null {
  if (!isRecord(value)) return null
  const { jobTypes } = value
  if (!Array.isArray(jobTypes) || !jobTypes.every((t) => typeof t === 'string')) return null
  const fields: Partial<OnboardingFields> = { jobTypes }
  for (const key of TEXT_FIELDS) {
    const text = value[key]
    if (typeof text !== 'string') return null
    fields[key] = text
  }
  return fields as OnboardingFields
}

function parseFiles(value: unknown): FileNotes | null {
  if (!isRecord(value) || !Array.isArray(value.certificates)) return null
  const avatar = fileNote(value.avatar)
  const resume = fileNote(value.resume)
  const certificates = value.certificates.map(fileNote)
  if (avatar === undefined || resume === undefined) return null
  if (!certificates.every((c): c is FileNote => c !== null && c !== undefined)) return null
  return { avatar, resume, certificates }
}

/** The draft in `value` as stored, or null when it is not one of this version (storage can hold anything). */
export function parseDraft(value: unknown): OnboardingDraft | null {
  if (!isRecord(value) || value.version !== DRAFT_VERSION) return null
  const { step, proposalUsed, entry } = value
  if (typeof step !== 'number' || !Number.isInteger(step) || step < 1 || step > 4) return null
  if (typeof proposalUsed !== 'boolean' || typeof entry !== 'string') return null
  const fields = parseFields(value.fields)
  const files = parseFiles(value.files)
  if (fields === null || files === null) return null
  return { step, fields, proposalUsed, files, entry }
}

/** `userId`'s draft, or null when there is none (or it cannot be read). */
export function readDraft(storage: Storage | null, userId: string): OnboardingDraft | null {
  if (!storage) return null
  try {
    const text = storage.getItem(draftKey(userId))
    return text === null ? null : parseDraft(JSON.parse(text))
  } catch {
    return null
  }
}

/** Keeps `draft` as `userId`'s. */
export function saveDraft(storage: Storage | null, userId: string, draft: OnboardingDraft): void {
  if (!storage) return
  try {
    storage.setItem(draftKey(userId), JSON.stringify({ version: DRAFT_VERSION, ...draft }))
  } catch {
    // Full or blocked storage: the form still works, only a reload loses it.
  }
}

/** Removes `userId`'s draft (onboarding finished, or nothing entered). */
export function removeDraft(storage: Storage | null, userId: string): void {
  if (!storage) return
  try {
    storage.removeItem(draftKey(userId))
  } catch {
    // Blocked storage holds nothing to remove.
  }
}

/** Removes every draft except `keepUserId`'s (all of them when null: signed out). */
export function removeDrafts(storage: Storage | null, keepUserId: string | null): void {
  if (!storage) return
  try {
    const keep = keepUserId === null ? null : draftKey(keepUserId)
    const doomed: string[] = []
    for (let i = 0; i < storage.length; i++) {
      const key = storage.key(i)
      if (key !== null && key.startsWith(DRAFT_KEY_PREFIX) && key !== keep) doomed.push(key)
    }
    for (const key of doomed) storage.removeItem(key)
  } catch {
    // Blocked storage holds nothing to remove.
  }
}

/**
 * From now on, whenever the signed-in user of `store` changes (a sign-out, here or in another
 * tab, or another account signing in), every draft but the new user's is removed. Returns the
 * unsubscribe function.
 */
export function removeDraftsOnUserChange(store: SessionStore, storage: () => Storage | null): () => void {
  let userId = store.get()?.user.id ?? null
  return store.subscribe(() => {
    const next = store.get()?.user.id ?? null
    if (next === userId) return
    userId = next
    removeDrafts(storage(), next)
  })
}

let followingStore: SessionStore | null = null

/**
 * Starts `removeDraftsOnUserChange` once for the page's lifetime: onboarding's sign-out leaves the
 * page before it ends the session, so a listener of the mounted page would never hear it.
 */
export function followUserForDrafts(store: SessionStore): void {
  if (followingStore === store) return
  followingStore = store
  removeDraftsOnUserChange(store, draftStorage)
}

/** The file's name and size. */
export function noteOf(file: File): FileNote {
  return { name: file.name, size: file.size }
}

/** Whether two sets of fields hold the same values. */
export function sameFields(a: OnboardingFields, b: OnboardingFields): boolean {
  return (
    TEXT_FIELDS.every((key) => a[key] === b[key]) &&
    a.jobTypes.length === b.jobTypes.length &&
    a.jobTypes.every((type, i) => b.jobTypes[i] === type)
  )
}
