import { useEffect, useLayoutEffect, useMemo, useRef, useState, type FormEvent } from 'react'
import { flushSync } from 'react-dom'
import { useLocation, useNavigate } from 'react-router'
import { toast } from '@/lib/toast'
import { ApiError } from '@/lib/api-client'
import { useAvatarBlob } from '@/lib/avatar'
import { getCore, type UploadSlot } from '@/lib/core-worker'
import { acceptedFiles } from '@/lib/core-worker/upload-check'
import { assertValid, FormValidationError } from '@/lib/form-check'
import { candidateHomePath } from '@/lib/job-to-view'
import { sessionStore, useSession } from '@/lib/session'
import { useCompleteOnboarding, type OnboardingFields, type OnboardingFiles } from '@/entities/profile/complete-onboarding'
import { proposeProfile } from '@/entities/profile/propose-profile'
import { handedProposal } from '@/entities/profile/hand-off'
import { profileFields } from '@/entities/profile/profile-fields'
import { proposesSomething, withProposal } from '@/entities/profile/proposal'
import type { ProfileAnswer } from '@/entities/profile'
import type { ProfileProposal } from '@/generated/core-types'
import type { LostFile } from './draft-notice'
import {
  draftStorage,
  followUserForDrafts,
  NO_FILES,
  noteOf,
  removeDraft,
  removeDrafts,
  sameFields,
  saveDraft,
  type FileNotes,
} from '../draft'
import { missingFieldsText } from '../missing-fields'
import { startingPoint, stillLost } from '../starting-point'

export const STEP_COUNT = 4

const SAVE_FAILED = 'Failed to save profile. Please try again.'

/** Statuses whose server message says what to fix (too large, wrong type, invalid field). */
const SPECIFIC_STATUSES = new Set([413, 415, 422])

/**
 * The wizard's state and what changes it: the step, the fields and files, the draft that follows
 * them, the proposal read from a resume, and the checks on Next and on "Complete Setup".
 */
export function useOnboardingWizard(answer: ProfileAnswer, fallbackName: string) {
  const navigate = useNavigate()
  const { user } = useSession()
  const userId = user?.id ?? null
  const complete = useCompleteOnboarding()
  const { state: locationState, key: entry } = useLocation()
  const saved = useMemo(() => profileFields(answer, fallbackName), [answer, fallbackName])
  const [start] = useState(() => startingPoint(saved, handedProposal(locationState), userId, entry))
  const [step, setStep] = useState(start.step)
  const [checking, setChecking] = useState(false)
  const [fields, setFields] = useState<OnboardingFields>(start.fields)
  const [files, setFiles] = useState<OnboardingFiles>({ avatar: null, resume: null, certificates: [] })
  // The files chosen before a reload: named until chosen again (or forgotten), never pretended kept.
  const [lostBefore, setLostBefore] = useState<FileNotes>(start.lost)
  const lost = stillLost(lostBefore, files)
  const [restored, setRestored] = useState(start.restored)
  const [progress, setProgress] = useState<number | null>(null)
  // What the chosen resume proposes for step 3, until the person uses or dismisses it.
  const [proposal, setProposal] = useState<ProfileProposal | null>(null)
  const [proposalUsed, setProposalUsed] = useState(start.proposalUsed)
  const headingRef = useRef<HTMLHeadingElement>(null)
  // Set once the profile is saved: the draft is gone and must not be written again.
  const finished = useRef(false)

  // Other accounts' drafts go, and from now on each one goes when its owner signs out.
  useEffect(() => {
    followUserForDrafts(sessionStore)
    removeDrafts(draftStorage(), userId)
  }, [userId])

  // The draft follows every change, written as it is made (a reload right after typing keeps it).
  useLayoutEffect(() => {
    if (userId === null || finished.current || sessionStore.get()?.user.id !== userId) return
    const toChoose = stillLost(lostBefore, files)
    const named: FileNotes = {
      avatar: files.avatar ? noteOf(files.avatar) : toChoose.avatar,
      resume: files.resume ? noteOf(files.resume) : toChoose.resume,
      certificates: [...files.certificates.map(noteOf), ...toChoose.certificates],
    }
    const untouched =
      step === 1 &&
      !proposalUsed &&
      sameFields(fields, saved) &&
      named.avatar === null &&
      named.resume === null &&
      named.certificates.length === 0
    if (untouched) removeDraft(draftStorage(), userId)
    else saveDraft(draftStorage(), userId, { step, fields, proposalUsed, files: named, entry })
  }, [step, fields, proposalUsed, files, lostBefore, entry, saved, userId])

  const currentResume = answer.profile.default_resume
  const savedAvatar = useAvatarBlob(user?.id ?? null, answer.profile.has_avatar)
  const [filesInCheck, setFilesInCheck] = useState(0)
  const busy = checking || filesInCheck > 0 || complete.isPending

  function update<K extends keyof OnboardingFields>(key: K, value: OnboardingFields[K]) {
    setFields((f) => ({ ...f, [key]: value }))
  }

  function toggleJobType(type: string, on: boolean) {
    setFields((f) => ({
      ...f,
      jobTypes: on ? [...f.jobTypes.filter((t) => t !== type), type] : f.jobTypes.filter((t) => t !== type),
    }))
  }

  /** Shows step `target` and moves focus to its heading, so keyboard and screen reader users follow. */
  function goTo(target: number) {
    // The check is over by now: the new step appears with its buttons already enabled,
    // never for a frame with a disabled, half-faded Back button.
    flushSync(() => {
      setChecking(false)
      setStep(target)
    })
    headingRef.current?.focus()
  }

  /**
   * Checks the chosen files and hands on those the slot takes. The step stays busy meanwhile, so
   * a Next pressed right after choosing a file waits for it instead of reading the step without it.
   */
  function choose(slot: UploadSlot, chosen: File[], keep: (kept: File[]) => void) {
    setFilesInCheck((n) => n + 1)
    void acceptedFiles(slot, chosen)
      .then(keep)
      .finally(() => setFilesInCheck((n) => n - 1))
  }

  /** Reads what a chosen resume proposes for step 3; a file the server cannot read proposes nothing. */
  function readProposal(file: File) {
    setProposalUsed(false)
    void proposeProfile(file)
      .then((read) => setProposal(proposesSomething(read) ? read : null))
      .catch(() => setProposal(null))
  }

  function takeProposal(used: ProfileProposal) {
    setFields((f) => withProposal(f, used))
    setProposal(null)
    setProposalUsed(true)
  }

  function dismissProposal() {
    setProposal(null)
  }

  /** The core's message, and under it the fields it means when it names none. */
  function toastInvalid(message: string) {
    const description = missingFieldsText(message, fields)
    if (description === undefined) toast.error(message)
    else toast.error(message, { description })
  }

  async function goNext() {
    setChecking(true)
    try {
      const form = { ...fields, hasResume: files.resume !== null || currentResume !== null }
      await assertValid(() => getCore().validateOnboardingStep(step, form))
      goTo(step + 1)
    } catch (error) {
      if (error instanceof FormValidationError) toastInvalid(error.message)
      else toast.error(SAVE_FAILED)
    } finally {
      setChecking(false)
    }
  }

  async function finish() {
    setProgress(0)
    try {
      await complete.mutateAsync({
        fields,
        files,
        hasDefaultResume: currentResume !== null,
        onProgress: ({ loaded, total }) => {
          if (total > 0) setProgress(Math.round((loaded / total) * 100))
        },
      })
      finished.current = true
      if (userId !== null) removeDraft(draftStorage(), userId)
      toast.success('Profile setup complete!')
      await navigate(candidateHomePath(), { replace: true })
    } catch (error) {
      if (error instanceof FormValidationError) {
        toastInvalid(error.message)
      } else {
        console.error(error)
        const specific = error instanceof ApiError && SPECIFIC_STATUSES.has(error.status) ? error.message : undefined
        toast.error(SAVE_FAILED, { description: specific })
      }
    } finally {
      setProgress(null)
    }
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (busy) return
    if (step < STEP_COUNT) void goNext()
    else void finish()
  }

  /** Drops the draft: the saved profile again, from step 1, with no files. */
  function startOver() {
    flushSync(() => {
      setFields(saved)
      setFiles({ avatar: null, resume: null, certificates: [] })
      setLostBefore(NO_FILES)
      setProposal(null)
      setProposalUsed(false)
      setRestored(false)
      setStep(1)
    })
    headingRef.current?.focus()
  }

  function forget(file: LostFile) {
    setLostBefore((before) =>
      file.slot === 'certificate'
        ? { ...before, certificates: lost.certificates.filter((_, i) => i !== file.index) }
        : { ...before, [file.slot]: null },
    )
  }

  return {
    step,
    fields,
    files,
    setFiles,
    lost,
    restored,
    progress,
    proposal,
    proposalUsed,
    headingRef,
    busy,
    saving: complete.isPending,
    currentResume,
    savedAvatar,
    update,
    toggleJobType,
    goTo,
    choose,
    readProposal,
    takeProposal,
    dismissProposal,
    onSubmit,
    startOver,
    forget,
  }
}
