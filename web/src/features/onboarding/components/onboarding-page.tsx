import { ArrowLeft, ArrowRight, Check, RotateCcw } from 'lucide-react'
import { useEffect, useLayoutEffect, useMemo, useRef, useState, type FormEvent } from 'react'
import { flushSync } from 'react-dom'
import { useLocation, useNavigate } from 'react-router'
import { toast } from '@/lib/toast'
import { AppHeader } from '@/components/app-header'
import { Button } from '@/components/button'
import { FormSkeleton } from '@/components/skeleton'
import { Spinner } from '@/components/spinner'
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
import { useProfile, type ProfileAnswer } from '@/entities/profile'
import { BasicInfoStep } from './basic-info-step'
import { CertificatesStep } from './certificates-step'
import { DraftNotice, type LostFile } from './draft-notice'
import { EducationStep } from './education-step'
import { PreferencesStep } from './preferences-step'
import {
  draftStorage,
  followUserForDrafts,
  NO_FILES,
  noteOf,
  readDraft,
  removeDraft,
  removeDrafts,
  sameFields,
  saveDraft,
  type FileNote,
  type FileNotes,
} from '../draft'
import { missingFieldsText } from '../missing-fields'
import type { ProfileProposal } from '@/generated/core-types'

const STEP_COUNT = 4
const STEP_TITLES = ['Basic Information', 'Certificates', 'Education & Experience', 'Job Preferences'] as const

const SAVE_FAILED = 'Failed to save profile. Please try again.'

/** Statuses whose server message says what to fix (too large, wrong type, invalid field). */
const SPECIFIC_STATUSES = new Set([413, 415, 422])

/** Profile setup in four steps (spec, candidate §2 "Onboarding" and §4); revisiting it edits the profile. */
export function OnboardingPage() {
  const profile = useProfile()
  const { user } = useSession()
  return (
    <div className="min-h-dvh bg-linear-to-b from-brand-50 to-white">
      <title>Profile Setup · JobTap</title>
      <AppHeader />
      <main className="mx-auto w-full max-w-2xl px-4 py-8 sm:py-12">
        {profile.isPending ? (
          <div className="rounded-2xl border border-slate-200/80 bg-white p-6 shadow-sm">
            <FormSkeleton label="Loading your profile" fields={3} />
          </div>
        ) : profile.isError ? (
          <div role="alert" className="rounded-2xl border border-red-200 bg-white p-6 text-center shadow-sm">
            <h1 className="text-xl font-bold text-slate-900">Your profile could not be loaded</h1>
            <p className="mt-2 text-slate-600">{profile.error.message}</p>
            <Button className="mt-5" variant="outline" onClick={() => void profile.refetch()}>
              <RotateCcw aria-hidden="true" />
              Try again
            </Button>
          </div>
        ) : (
          <OnboardingWizard answer={profile.data} fallbackName={user?.fullName ?? ''} />
        )}
      </main>
    </div>
  )
}

/** Where the wizard opens: the step, fields and flags, and the files chosen before a reload. */
type Start = { step: number; fields: OnboardingFields; proposalUsed: boolean; lost: FileNotes; restored: boolean }

/**
 * The saved profile, unless this user has a draft in this tab (then the draft, from the step it
 * was on), or a proposal is handed from My Documents (then its step, filled in from it; a reload
 * of that visit finds the draft made in the same history entry, and keeps what was typed since).
 */
function startingPoint(saved: OnboardingFields, handed: ProfileProposal | null, userId: string | null, entry: string): Start {
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
function stillLost(before: FileNotes, files: OnboardingFiles): FileNotes {
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

function OnboardingWizard({ answer, fallbackName }: { answer: ProfileAnswer; fallbackName: string }) {
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

  const title = STEP_TITLES[step - 1] ?? ''

  return (
    <div className="rounded-3xl border border-slate-200/80 bg-white p-6 shadow-xl shadow-brand-600/5 sm:p-8">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
        {answer.preferences !== null ? 'Edit Your Profile' : 'Complete Your Profile'}
      </h1>
      <p className="mt-1 text-slate-600">Tell us about yourself so we can match you with the right jobs.</p>

      <div className="mt-6">
        <div className="flex items-center justify-between text-sm font-medium text-slate-700">
          <span>
            Step {step} of {STEP_COUNT}
          </span>
          <span className="text-slate-500">{Math.round((step / STEP_COUNT) * 100)}%</span>
        </div>
        <div
          role="progressbar"
          aria-label="Setup progress"
          aria-valuemin={1}
          aria-valuemax={STEP_COUNT}
          aria-valuenow={step}
          aria-valuetext={`Step ${step} of ${STEP_COUNT}`}
          className="mt-2 h-2 overflow-hidden rounded-full bg-slate-100"
        >
          <div
            className="h-full rounded-full bg-linear-to-r from-brand-600 to-accent-500 transition-[width] duration-300"
            style={{ width: `${(step / STEP_COUNT) * 100}%` }}
          />
        </div>
      </div>

      {restored && <DraftNotice lost={lost} busy={busy} onForget={forget} onStartOver={startOver} />}

      <form noValidate onSubmit={onSubmit} className="mt-8" aria-busy={busy}>
        <h2 ref={headingRef} tabIndex={-1} className="text-lg font-semibold text-slate-900 outline-none">
          {title}
        </h2>

        <div className="mt-5 space-y-5">
          {step === 1 && (
            <BasicInfoStep
              fields={fields}
              update={update}
              fallbackName={fallbackName}
              files={files}
              setFiles={setFiles}
              savedAvatar={savedAvatar}
              currentResume={currentResume}
              busy={busy}
              choose={choose}
              onResume={readProposal}
            />
          )}
          {step === 2 && <CertificatesStep files={files} setFiles={setFiles} busy={busy} choose={choose} />}
          {step === 3 && (
            <EducationStep
              fields={fields}
              update={update}
              proposal={proposal}
              proposalUsed={proposalUsed}
              onUseProposal={(used) => {
                setFields((f) => withProposal(f, used))
                setProposal(null)
                setProposalUsed(true)
              }}
              onDismissProposal={() => setProposal(null)}
            />
          )}
          {step === 4 && <PreferencesStep fields={fields} update={update} onJobType={toggleJobType} />}
        </div>

        {progress !== null && (
          <div className="mt-6">
            <div className="flex justify-between text-sm text-slate-600">
              <span>{progress < 100 ? 'Uploading your files…' : 'Saving your profile…'}</span>
              <span>{progress}%</span>
            </div>
            <div
              role="progressbar"
              aria-label="Upload progress"
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={progress}
              className="mt-2 h-2 overflow-hidden rounded-full bg-slate-100"
            >
              <div className="h-full rounded-full bg-brand-600 transition-[width]" style={{ width: `${progress}%` }} />
            </div>
          </div>
        )}

        <div className="mt-8 flex items-center justify-between gap-3">
          {step > 1 ? (
            <Button variant="outline" onClick={() => goTo(step - 1)} disabled={busy}>
              <ArrowLeft aria-hidden="true" />
              Back
            </Button>
          ) : (
            <span />
          )}
          {step < STEP_COUNT ? (
            <Button type="submit" disabled={busy}>
              Next
              <ArrowRight aria-hidden="true" />
            </Button>
          ) : (
            <Button type="submit" disabled={busy}>
              {complete.isPending ? <Spinner label="Saving" className="text-white" /> : <Check aria-hidden="true" />}
              Complete Setup
            </Button>
          )}
        </div>
      </form>
    </div>
  )
}
