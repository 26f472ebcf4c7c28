import { Check } from 'lucide-react'
import { useEffect, useId, useRef, useState, type FormEvent } from 'react'
import { useNavigate } from 'react-router'
import { toast } from '@/lib/toast'
import { Button } from '@/components/button'
import { SelectField, TextField } from '@/components/form-field'
import { Spinner } from '@/components/spinner'
import { paths } from '@/config/paths'
import { FormValidationError } from '@/lib/form-check'
import { useSession } from '@/lib/session'
import { REQUIRED_DEGREES, UNIVERSITIES } from '@/generated/catalogue'
import { useProfile, type Profile, type ProfileAnswer } from '@/entities/profile'
import { useCompleteOnboarding, type OnboardingFields } from '@/entities/profile/complete-onboarding'
import { ResumeProposal } from '@/entities/profile/resume-proposal'
import { proposalHandOff } from '@/entities/profile/hand-off'
import { profileFields } from '@/entities/profile/profile-fields'
import { withProposal } from '@/entities/profile/proposal'
import { savedChanges } from '@/entities/profile/saved-changes'
import type { ProposalOffer } from '../api/default-resume-proposal'
import { failureReason } from '../api/errors'
import { MESSAGES } from '../messages'

/** The fields the proposal fills, as the profile holds them now (for the comparison). */
function currentOf(profile: Profile) {
  return {
    skills: profile.skills,
    experienceYears: profile.experience_years,
    degreeField: profile.degree_field,
    university: profile.university,
  }
}

/**
 * "From your resume" for the resume that just became the default: what it proposes beside what the
 * profile holds, then, on "Use these", those fields to edit and save. A profile whose preferences
 * were never filled in cannot be saved from here, so "Use these" opens the profile form instead.
 */
export function DefaultResumeProposal({ offer, onClose }: { offer: ProposalOffer; onClose: () => void }) {
  const profile = useProfile()
  const { user } = useSession()
  const navigate = useNavigate()
  const [editing, setEditing] = useState<OnboardingFields | null>(null)
  const headingRef = useRef<HTMLHeadingElement>(null)

  const loaded = profile.data !== undefined
  // The panel appears away from the button pressed (on a phone, off screen): focus takes the reader to it.
  useEffect(() => {
    if (loaded) headingRef.current?.focus()
  }, [loaded])

  // The comparison needs the profile; the reading usually takes longer than loading it.
  if (profile.data === undefined) return null
  const answer = profile.data

  function use() {
    if (answer.preferences === null) {
      void navigate(paths.onboarding, { state: proposalHandOff(offer.proposal) })
      return
    }
    setEditing(withProposal(profileFields(answer, user?.fullName ?? ''), offer.proposal))
  }

  if (editing === null) {
    return (
      <ResumeProposal
        proposal={offer.proposal}
        current={currentOf(answer.profile)}
        headingRef={headingRef}
        intro={
          answer.preferences === null
            ? `We read these in ${offer.document.file_name}, now your default resume. "Use these" opens your profile with them filled in, to finish and save.`
            : `We read these in ${offer.document.file_name}, now your default resume. "Use these" lets you edit them before anything is saved to your profile.`
        }
        onUse={use}
        onDismiss={onClose}
      />
    )
  }
  return <ProposalForm answer={answer} fields={editing} onChange={setEditing} onClose={onClose} />
}

function ProposalForm({
  answer,
  fields,
  onChange,
  onClose,
}: {
  answer: ProfileAnswer
  fields: OnboardingFields
  onChange: (fields: OnboardingFields) => void
  onClose: () => void
}) {
  const titleId = useId()
  const save = useCompleteOnboarding()
  const skillsRef = useRef<HTMLInputElement>(null)

  // "Use these" is gone once pressed: the first field takes the focus it held.
  useEffect(() => {
    skillsRef.current?.focus()
  }, [])

  function update<K extends keyof OnboardingFields>(key: K, value: OnboardingFields[K]) {
    onChange({ ...fields, [key]: value })
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (save.isPending) return
    try {
      const saved = await save.mutateAsync({
        fields,
        files: { avatar: null, resume: null, certificates: [] },
        hasDefaultResume: true,
      })
      const changes = savedChanges(answer.profile, saved.profile)
      if (changes.length === 0) toast.success(MESSAGES.profileUnchanged)
      else toast.success(MESSAGES.profileUpdated, { description: changes.join('. ') })
      onClose()
    } catch (error) {
      if (error instanceof FormValidationError) {
        toast.error(error.message)
      } else {
        console.error(error)
        toast.error(MESSAGES.profileSaveFailed, { description: failureReason(error) })
      }
    }
  }

  return (
    <section aria-labelledby={titleId} className="rounded-2xl border border-brand-200 bg-brand-50/60 p-4">
      <h3 id={titleId} className="font-semibold text-slate-900">
        From your resume
      </h3>
      <p className="mt-1 text-sm text-slate-600">
        Your profile's skills are kept and the resume's added. Check each field: nothing is saved until you press
        Save to profile.
      </p>
      <form noValidate onSubmit={(e) => void onSubmit(e)} aria-busy={save.isPending} className="mt-4 space-y-4">
        <TextField
          ref={skillsRef}
          label="Skills"
          name="skills"
          hint="Separate skills with commas"
          value={fields.skills}
          onChange={(e) => update('skills', e.target.value)}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="Years of experience"
            name="experience_years"
            type="number"
            inputMode="numeric"
            min={0}
            step={1}
            value={fields.experienceYears}
            onChange={(e) => update('experienceYears', e.target.value)}
          />
          <SelectField
            label="University"
            name="university"
            placeholder="Select university"
            options={UNIVERSITIES}
            value={fields.university}
            onChange={(e) => update('university', e.target.value)}
          />
        </div>
        <TextField
          label="Field of study"
          name="degree_field"
          list="proposal-fields-of-study"
          autoComplete="off"
          value={fields.degreeField}
          onChange={(e) => update('degreeField', e.target.value)}
        />
        <datalist id="proposal-fields-of-study">
          {/* The fields of study onboarding offers: the options the fit score compares. */}
          {REQUIRED_DEGREES.map((field) => (
            <option key={field} value={field}>
              {field}
            </option>
          ))}
        </datalist>
        <div className="flex flex-wrap gap-2">
          <Button type="submit" size="sm" disabled={save.isPending}>
            {save.isPending ? <Spinner label="Saving" className="text-white" /> : <Check aria-hidden="true" />}
            Save to profile
          </Button>
          <Button type="button" size="sm" variant="outline" disabled={save.isPending} onClick={onClose}>
            Not now
          </Button>
        </div>
      </form>
    </section>
  )
}
