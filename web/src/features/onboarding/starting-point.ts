import type { OnboardingFields, OnboardingFiles } from '@/entities/profile/complete-onboarding'
import { withProposal } from '@/entities/profile/proposal'
import type { ProfileProposal } from '@/generated/core-types'
import { draftStorage, NO_FILES, readDraft, type FileNote, type FileNotes } from './draft'

/** Where the wizard opens: the step, fields and flags, and the files chosen before a reload. */
export type Start = { step: number; fields: OnboardingFields; proposalUsed: boolean; lost: FileNotes; restored: boolean }

/**
 * The saved profile, unless this user has a draft in this tab (then the draft, from the step it
 * was on), or a proposal is handed from My Documents (then its step, filled in from it; a reload
 * of that visit finds the draft made in the same history entry, and keeps what was typed since).
 */
export function startingPoint(saved: OnboardingFields, handed: ProfileProposal | null, userId: string | null, entry: string): Start {
  const draft = userId === null ? null : readDraft(draftStorage(), userId)
  if (handed !== null && draft?.entry !== entry) {
    return { step: 3, fields: withProposal(saved, handed), proposalUsed: true, lost: NO_FILES, restored: false }
  }
  if (draft !== null) {
    return { step: draft.step, fields: draft.fields, proposalUsed: draft.proposalUsed, lost: draft.files, restored: true }
  }
  return { step: 1, fields: saved, proposalUsed: false, lost: NO_FILES, restored: false }
}

/** The files of `before` still to choose again: those of a slot now filled, and certificates of a name chosen again, are not. */
export function stillLost(before: FileNotes, files: OnboardingFiles): FileNotes {
  const chosen = files.certificates.map((file) => file.name)
  const certificates: FileNote[] = []
  for (const note of before.certificates) {
    const at = chosen.indexOf(note.name)
    if (at === -1) certificates.push(note)
    else chosen.splice(at, 1)
  }
  return {
    avatar: files.avatar === null ? before.avatar : null,
    resume: files.resume === null ? before.resume : null,
    certificates,
  }
}
