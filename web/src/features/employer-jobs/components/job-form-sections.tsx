import { SelectField, TextAreaField, TextField } from '@/components/form-field'
import type { FormErrors } from '../field-errors'
import type { JobForm } from '../job-form'
import { DEGREE_CLASSES, DEGREE_LEVELS, JOB_TYPES } from '../options'
import { AiButton } from './ai-button'
import { DegreeSelect } from './degree-select'
import { ListInput } from './list-input'
import { LogoField } from './logo-field'

// The post form's five tabs, one component each; the form holds their values and errors.

export type AiTask = 'description' | 'skills' | 'score'

type SectionProps = {
  form: JobForm
  /** What the server (or the required check) said about each field. */
  errors: FormErrors
  /** Changes one field (and drops its message). */
  update: <K extends keyof JobForm>(key: K, value: JobForm[K]) => void
  busy: boolean
}

/** The AI help a tab offers: which task runs (null: none), and how to start each. */
export type AiHelp = { busy: AiTask | null; description: () => void; skills: () => void; score: () => void }

/** The company, the role and where to apply. */
export function BasicSection({
  form,
  errors,
  update,
  busy,
  logoFile,
  onLogoFile,
  onLogoChecking,
  ai,
}: SectionProps & {
  logoFile: File | null
  onLogoFile: (file: File | null) => void
  onLogoChecking?: (checking: boolean) => void
  ai: AiHelp
}) {
  return (
    <div className="space-y-5">
      <TextField
        label="Company name"
        required
        autoComplete="organization"
        value={form.companyName}
        onChange={(e) => update('companyName', e.target.value)}
        error={errors.companyName}
      />
      <LogoField
        choice={form.logoChoice}
        file={logoFile}
        disabled={busy}
        onChoice={(choice) => update('logoChoice', choice)}
        onFile={onLogoFile}
        onChecking={onLogoChecking}
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          label="Job title"
          required
          placeholder="e.g. Data Analyst"
          value={form.jobTitle}
          onChange={(e) => update('jobTitle', e.target.value)}
          error={errors.jobTitle}
        />
        <SelectField
          label="Job type"
          required
          placeholder="Select job type"
          options={JOB_TYPES}
          value={form.jobType}
          onChange={(e) => update('jobType', e.target.value)}
          error={errors.jobType}
        />
      </div>
      <TextAreaField
        label="Job description"
        required
        className="min-h-40 leading-relaxed"
        placeholder="What the role involves, the team, and what success looks like."
        value={form.description}
        onChange={(e) => update('description', e.target.value)}
        error={errors.description}
        action={<AiButton label="AI Generate" busy={ai.busy === 'description'} disabled={ai.busy !== null} onClick={ai.description} />}
      />
      <TextField
        label="Location"
        required
        placeholder="e.g. Harare"
        value={form.location}
        onChange={(e) => update('location', e.target.value)}
        error={errors.location}
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          label="Application email (optional)"
          type="email"
          autoComplete="email"
          placeholder="jobs@company.com"
          value={form.applicationEmail}
          onChange={(e) => update('applicationEmail', e.target.value)}
          error={errors.applicationEmail}
        />
        <TextField
          label="LinkedIn job URL (optional)"
          type="url"
          placeholder="https://www.linkedin.com/jobs/…"
          value={form.linkedinUrl}
          onChange={(e) => update('linkedinUrl', e.target.value)}
          error={errors.linkedinUrl}
        />
      </div>
    </div>
  )
}

/** The degree level and the degrees the role takes. */
export function EducationSection({ form, errors, update, busy }: SectionProps) {
  return (
    <div className="space-y-6">
      <SelectField
        label="Degree level"
        placeholder="Select degree level"
        options={DEGREE_LEVELS}
        value={form.degreeLevel}
        onChange={(e) => update('degreeLevel', e.target.value)}
        error={errors.degreeLevel}
      />
      <DegreeSelect values={form.requiredDegrees} disabled={busy} onChange={(v) => update('requiredDegrees', v)} />
    </div>
  )
}

/** Experience, the talent score threshold, requirements and skills. */
export function RequirementsSection({ form, errors, update, busy, ai }: SectionProps & { ai: AiHelp }) {
  return (
    <div className="space-y-5">
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          label="Years of experience"
          type="number"
          inputMode="numeric"
          min={0}
          step={1}
          value={form.experienceYears}
          onChange={(e) => update('experienceYears', e.target.value)}
          error={errors.experienceYears}
        />
        <SelectField
          label="Minimum degree class"
          placeholder="Any degree class"
          options={DEGREE_CLASSES}
          value={form.degreeClass}
          onChange={(e) => update('degreeClass', e.target.value)}
          error={errors.degreeClass}
        />
      </div>
      <TextField
        label="Qualifications"
        placeholder="e.g. Professional certification in data analysis"
        value={form.qualifications}
        onChange={(e) => update('qualifications', e.target.value)}
      />
      <TextField
        label="Minimum talent score threshold (%)"
        type="number"
        inputMode="numeric"
        min={0}
        max={100}
        value={form.threshold}
        onChange={(e) => update('threshold', e.target.value)}
        error={errors.threshold}
        hint="Candidates scoring below this cannot apply (0 to 100, default 20)."
        action={<AiButton label="AI Suggest" busy={ai.busy === 'score'} disabled={ai.busy !== null} onClick={ai.score} busyLabel="Suggesting…" />}
      />
      <ListInput
        label="Requirements"
        placeholder="e.g. Strong SQL skills"
        values={form.requirements}
        disabled={busy}
        onChange={(v) => update('requirements', v)}
      />
      <ListInput
        label="Skills"
        placeholder="e.g. Python"
        values={form.skills}
        disabled={busy}
        onChange={(v) => update('skills', v)}
        action={
          <AiButton
            label="AI Suggest"
            busy={ai.busy === 'skills'}
            disabled={ai.busy !== null}
            onClick={ai.skills}
            busyLabel="Suggesting skills…"
          />
        }
      />
    </div>
  )
}

/** What the job offers besides pay. */
export function BenefitsSection({ form, update, busy }: Omit<SectionProps, 'errors'>) {
  return (
    <ListInput
      label="Benefits"
      placeholder="e.g. Medical aid"
      values={form.benefits}
      disabled={busy}
      onChange={(v) => update('benefits', v)}
    />
  )
}

/** Salary range, and when the job is posted and expires. */
export function CompensationSection({ form, errors, update }: Omit<SectionProps, 'busy'>) {
  return (
    <div className="grid gap-5 sm:grid-cols-2">
      <TextField
        label="Minimum salary (USD)"
        type="number"
        inputMode="decimal"
        min={0}
        step="any"
        value={form.salaryMin}
        onChange={(e) => update('salaryMin', e.target.value)}
        error={errors.salaryMin}
      />
      <TextField
        label="Maximum salary (USD)"
        type="number"
        inputMode="decimal"
        min={0}
        step="any"
        value={form.salaryMax}
        onChange={(e) => update('salaryMax', e.target.value)}
        error={errors.salaryMax}
      />
      <TextField
        label="Posted date"
        type="date"
        value={form.postedDate}
        onChange={(e) => update('postedDate', e.target.value)}
        error={errors.postedDate}
      />
      <TextField
        label="Expiry date (optional)"
        type="date"
        min={form.postedDate || undefined}
        value={form.expiryDate}
        onChange={(e) => update('expiryDate', e.target.value)}
        error={errors.expiryDate}
        hint="Cannot be before the posted date."
      />
    </div>
  )
}
