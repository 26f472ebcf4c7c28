import { useState } from 'react'
import { SelectField, TextField } from '@/components/form-field'
import type { ProfileProposal } from '@/generated/core-types'
import { ResumeProposal } from '@/entities/profile/resume-proposal'
import { DEGREE_CLASSES, FIELDS_OF_STUDY } from '../options'
import type { FieldsProps } from './basic-info-step'
import { UniversityField } from './university-field'

/** Step 3, "Education & Experience", with what the chosen resume proposes for it until used or dismissed. */
export function EducationStep({
  fields,
  update,
  proposal,
  proposalUsed,
  onUseProposal,
  onDismissProposal,
}: FieldsProps & {
  proposal: ProfileProposal | null
  /** The fields were filled in from a resume, so the step asks for a check. */
  proposalUsed: boolean
  onUseProposal: (proposal: ProfileProposal) => void
  onDismissProposal: () => void
}) {
  // Each proposal taken in draws the university afresh, from the value it set.
  const [proposalsTaken, setProposalsTaken] = useState(0)
  return (
    <>
      {proposal !== null && (
        <ResumeProposal
          proposal={proposal}
          intro="We read these in the resume you chose. Use them to fill in this step, then check each field: nothing is saved until you finish."
          onUse={() => {
            onUseProposal(proposal)
            setProposalsTaken((n) => n + 1)
          }}
          onDismiss={onDismissProposal}
        />
      )}
      {proposalUsed && (
        <p role="status" className="text-sm text-slate-600">
          Filled in from your resume: check each field before you go on.
        </p>
      )}
      <div className="grid gap-5 sm:grid-cols-2">
        <SelectField
          label="Degree class"
          required
          name="degree_class"
          placeholder="Select degree class"
          options={DEGREE_CLASSES}
          value={fields.degreeClass}
          onChange={(e) => update('degreeClass', e.target.value)}
        />
        <UniversityField
          key={proposalsTaken}
          value={fields.university}
          onChange={(university) => update('university', university)}
        />
      </div>
      <TextField
        label="Field of study"
        name="degree_field"
        list="fields-of-study"
        autoComplete="off"
        placeholder="e.g. Nursing, or BSc Nursing Science"
        hint="Optional: pick a field or type your degree's name. Without it, we read it from your resume."
        value={fields.degreeField}
        onChange={(e) => update('degreeField', e.target.value)}
      />
      <datalist id="fields-of-study">
        {FIELDS_OF_STUDY.map((field) => (
          <option key={field} value={field}>
            {field}
          </option>
        ))}
      </datalist>
      <TextField
        label="Skills"
        required
        name="skills"
        placeholder="e.g. React, TypeScript, SQL"
        hint="Separate skills with commas"
        value={fields.skills}
        onChange={(e) => update('skills', e.target.value)}
      />
      <TextField
        label="Years of experience"
        required
        name="experience_years"
        type="number"
        inputMode="numeric"
        min={0}
        step={1}
        value={fields.experienceYears}
        onChange={(e) => update('experienceYears', e.target.value)}
      />
    </>
  )
}
