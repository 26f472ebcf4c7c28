import { Briefcase, DollarSign, GraduationCap, Gift, ListChecks, LogIn, Send } from 'lucide-react'
import { useRef, useState, type FormEvent } from 'react'
import { useNavigate } from 'react-router'
import { toast } from '@/lib/toast'
import { BrandLogo } from '@/components/brand-logo'
import { Button, ButtonLink } from '@/components/button'
import { Card } from '@/components/card'
import { PageHeader } from '@/components/page-header'
import { ProgressBar } from '@/components/progress-bar'
import { paths } from '@/config/paths'
import { ApiError } from '@/lib/api-client'
import { getCore } from '@/lib/core-worker'
import { percentOf } from '@/lib/percent'
import { useSession } from '@/lib/session'
import { generateDescription, suggestSkills, suggestTalentScore, UnparsableSuggestionsError } from '../api/ai-assist'
import { uploadLogo, useCreateJob } from '../api/jobs'
import { formErrorsOf, fromCheck, type FormErrors, type TabId } from '../field-errors'
import { localIsoDate } from '../format'
import { emptyJobForm, missingRequired, requiredErrors, toJobInput, type JobForm } from '../job-form'
import { addEntries } from '../list-input'
import { aiScoreMessage, MESSAGES } from '../messages'
import { DEGREE_CLASSES, DEGREE_LEVELS, JOB_TYPES } from '../options'
import { AiButton } from './ai-button'
import { DegreeSelect } from './degree-select'
import { EmployerHeader } from '@/components/employer-header'
import { InputField, SelectInput, TextAreaField } from './fields'
import { ListInput } from './list-input'
import { LogoField } from './logo-field'
import { Tabs } from './tabs'

type AiTask = 'description' | 'skills' | 'score'

/** The server's (or client's) message of a failure, for a toast's description. */
/** The core's check of the form, or null when the core could not run (the server still checks). */
async function checkedInBrowser(input: object) {
  try {
    return fromCheck(await getCore().validateJobPost(input))
  } catch (error) {
    console.error(error)
    return null
  }
}

function reason(error: unknown): string | undefined {
  return error instanceof ApiError ? error.message : undefined
}

/** Post a job (spec, employer §2 "Post a job"). The route is open; posting needs an employer session. */
export function PostJobPage() {
  const { user } = useSession()
  const isEmployer = user?.roles.includes('employer') ?? false
  return (
    <div className="min-h-dvh bg-linear-to-b from-brand-50 to-white">
      {isEmployer ? (
        <EmployerHeader />
      ) : (
        <header className="border-b border-slate-200/70 bg-white/80 backdrop-blur">
          <div className="mx-auto flex w-full max-w-6xl items-center px-4 py-3 sm:px-6">
            <BrandLogo />
          </div>
        </header>
      )}
      <main className="mx-auto w-full max-w-3xl space-y-6 px-4 py-8 sm:px-6 sm:py-10">
        <PageHeader
          title="Post a Job"
          description="Describe the role and who you are looking for. Fields marked * are required."
          back={{ to: paths.employer, label: 'Back to Dashboard' }}
        />
        {isEmployer ? <PostJobForm companyName={user?.companyName ?? ''} /> : <SignInPrompt signedIn={user !== null} />}
      </main>
    </div>
  )
}

/** Shown instead of the form to visitors without an employer session. */
function SignInPrompt({ signedIn }: { signedIn: boolean }) {
  return (
    <Card className="text-center">
      <span
        aria-hidden="true"
        className="mx-auto flex size-12 items-center justify-center rounded-2xl bg-brand-50 text-brand-600 [&_svg]:size-6"
      >
        <LogIn />
      </span>
      <h2 className="mt-4 text-xl font-semibold text-slate-900">
        {signedIn ? 'Employer account required' : 'Sign in to post a job'}
      </h2>
      <p className="mx-auto mt-2 max-w-md text-slate-600">
        {signedIn
          ? 'Jobs are posted from an employer account. Sign in with one to continue.'
          : 'Jobs are posted from your employer account, so we know which company is hiring.'}
      </p>
      <ButtonLink to={paths.employerAuth} className="mt-6">
        Sign in as an employer
      </ButtonLink>
    </Card>
  )
}

function PostJobForm({ companyName }: { companyName: string }) {
  const navigate = useNavigate()
  const createJob = useCreateJob()
  const [today] = useState(() => localIsoDate())
  const [form, setForm] = useState<JobForm>(() => emptyJobForm(companyName, today))
  const [logoFile, setLogoFile] = useState<File | null>(null)
  const [tab, setTab] = useState<TabId>('basic')
  /** What the server (or the required check) said about each field, shown under it. */
  const [errors, setErrors] = useState<FormErrors>({})
  const [aiBusy, setAiBusy] = useState<AiTask | null>(null)
  const [submitting, setSubmitting] = useState(false)
  /** The logo upload's percent while it runs (null: size unknown yet), undefined when none runs. */
  const [logoProgress, setLogoProgress] = useState<number | null | undefined>(undefined)
  /** The last uploaded logo, so a retry after a failed post does not upload it again. */
  const uploaded = useRef<{ file: File; url: string } | null>(null)

  const busy = submitting
  function update<K extends keyof JobForm>(key: K, value: JobForm[K]) {
    setForm((f) => ({ ...f, [key]: value }))
    // An edited field's message no longer holds.
    setErrors((e) => (key in e ? { ...e, [key]: undefined } : e))
  }

  async function runAi(task: AiTask, work: () => Promise<void>, failure: (error: unknown) => void) {
    setAiBusy(task)
    try {
      await work()
    } catch (error) {
      console.error(error)
      failure(error)
    } finally {
      setAiBusy(null)
    }
  }

  function aiDescription() {
    if (!form.companyName.trim() || !form.jobTitle.trim() || !form.jobType) {
      toast.error(MESSAGES.aiDescriptionNeeds)
      return
    }
    void runAi(
      'description',
      async () => {
        const description = await generateDescription({
          jobTitle: form.jobTitle.trim(),
          companyName: form.companyName.trim(),
          jobType: form.jobType,
          experienceLevel: form.degreeLevel,
        })
        update('description', description)
        toast.success(MESSAGES.aiDescriptionDone)
      },
      (error) => toast.error(MESSAGES.aiDescriptionFailed, { description: reason(error) }),
    )
  }

  function hasTitleAndDescription(): boolean {
    if (form.jobTitle.trim() && form.description.trim()) return true
    toast.error(MESSAGES.aiNeedsTitleAndDescription)
    return false
  }

  function aiSkills() {
    if (!hasTitleAndDescription()) return
    void runAi(
      'skills',
      async () => {
        const skills = await suggestSkills({ jobTitle: form.jobTitle.trim(), description: form.description.trim() })
        setForm((f) => ({ ...f, skills: addEntries(f.skills, skills) }))
        toast.success(MESSAGES.aiSkillsDone)
      },
      (error) =>
        error instanceof UnparsableSuggestionsError
          ? toast.error(MESSAGES.aiSkillsUnparsable)
          : toast.error(MESSAGES.aiSkillsFailed, { description: reason(error) }),
    )
  }

  function aiScore() {
    if (!hasTitleAndDescription()) return
    void runAi(
      'score',
      async () => {
        const score = await suggestTalentScore({
          jobTitle: form.jobTitle.trim(),
          description: form.description.trim(),
          requirements: form.requirements,
          skills: form.skills,
        })
        update('threshold', String(score))
        toast.success(aiScoreMessage(score))
      },
      (error) => toast.error(MESSAGES.aiScoreFailed, { description: reason(error) }),
    )
  }

  async function logoUrl(): Promise<string | null> {
    if (form.logoChoice !== 'upload' || logoFile === null) return ''
    if (uploaded.current?.file === logoFile) return uploaded.current.url
    setLogoProgress(null)
    try {
      const url = await uploadLogo(logoFile, ({ loaded, total }) => setLogoProgress(percentOf(loaded, total)))
      uploaded.current = { file: logoFile, url }
      return url
    } catch (error) {
      console.error(error)
      toast.error(MESSAGES.logoUploadFailed, { description: reason(error) })
      return null
    } finally {
      setLogoProgress(undefined)
    }
  }

  async function submit() {
    if (missingRequired(form)) {
      toast.error(MESSAGES.required)
      setErrors(requiredErrors(form))
      setTab('basic')
      return
    }
    setSubmitting(true)
    try {
      // The server's own rules first, in the browser: nothing is uploaded or sent for a form it would refuse.
      const refusedHere = await checkedInBrowser(toJobInput(form, '', today))
      if (refusedHere) {
        setErrors(refusedHere.errors)
        setTab(refusedHere.tab)
        toast.error(MESSAGES.postFailed, { description: refusedHere.summary })
        return
      }
      const logo = await logoUrl()
      if (logo === null) return
      await createJob.mutateAsync(toJobInput(form, logo, today))
      toast.success(MESSAGES.posted)
      await navigate(paths.employer)
    } catch (error) {
      console.error(error)
      const refused = formErrorsOf(error)
      if (refused) {
        setErrors(refused.errors)
        setTab(refused.tab)
      }
      toast.error(MESSAGES.postFailed, { description: refused?.summary ?? reason(error) })
    } finally {
      setSubmitting(false)
    }
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (!busy) void submit()
  }

  const basic = (
    <div className="space-y-5">
      <InputField
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
        onFile={setLogoFile}
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <InputField
          label="Job title"
          required
          placeholder="e.g. Data Analyst"
          value={form.jobTitle}
          onChange={(e) => update('jobTitle', e.target.value)}
        error={errors.jobTitle}
        />
        <SelectInput
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
        placeholder="What the role involves, the team, and what success looks like."
        value={form.description}
        onChange={(e) => update('description', e.target.value)}
        error={errors.description}
        action={<AiButton label="AI Generate" busy={aiBusy === 'description'} disabled={aiBusy !== null} onClick={aiDescription} />}
      />
      <InputField
        label="Location"
        required
        placeholder="e.g. Harare"
        value={form.location}
        onChange={(e) => update('location', e.target.value)}
        error={errors.location}
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <InputField
          label="Application email (optional)"
          type="email"
          autoComplete="email"
          placeholder="jobs@company.com"
          value={form.applicationEmail}
          onChange={(e) => update('applicationEmail', e.target.value)}
        error={errors.applicationEmail}
        />
        <InputField
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

  const education = (
    <div className="space-y-6">
      <SelectInput
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

  const requirements = (
    <div className="space-y-5">
      <div className="grid gap-5 sm:grid-cols-2">
        <InputField
          label="Years of experience"
          type="number"
          inputMode="numeric"
          min={0}
          step={1}
          value={form.experienceYears}
          onChange={(e) => update('experienceYears', e.target.value)}
        error={errors.experienceYears}
        />
        <SelectInput
          label="Minimum degree class"
          placeholder="Any degree class"
          options={DEGREE_CLASSES}
          value={form.degreeClass}
          onChange={(e) => update('degreeClass', e.target.value)}
        error={errors.degreeClass}
        />
      </div>
      <InputField
        label="Qualifications"
        placeholder="e.g. Professional certification in data analysis"
        value={form.qualifications}
        onChange={(e) => update('qualifications', e.target.value)}
      />
      <InputField
        label="Minimum talent score threshold (%)"
        type="number"
        inputMode="numeric"
        min={0}
        max={100}
        value={form.threshold}
        onChange={(e) => update('threshold', e.target.value)}
        error={errors.threshold}
        hint="Candidates scoring below this cannot apply (0 to 100, default 20)."
        action={<AiButton label="AI Suggest" busy={aiBusy === 'score'} disabled={aiBusy !== null} onClick={aiScore} busyLabel="Suggesting…" />}
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
            busy={aiBusy === 'skills'}
            disabled={aiBusy !== null}
            onClick={aiSkills}
            busyLabel="Suggesting skills…"
          />
        }
      />
    </div>
  )

  const benefits = (
    <ListInput
      label="Benefits"
      placeholder="e.g. Medical aid"
      values={form.benefits}
      disabled={busy}
      onChange={(v) => update('benefits', v)}
    />
  )

  const compensation = (
    <div className="grid gap-5 sm:grid-cols-2">
      <InputField
        label="Minimum salary (USD)"
        type="number"
        inputMode="decimal"
        min={0}
        step="any"
        value={form.salaryMin}
        onChange={(e) => update('salaryMin', e.target.value)}
        error={errors.salaryMin}
      />
      <InputField
        label="Maximum salary (USD)"
        type="number"
        inputMode="decimal"
        min={0}
        step="any"
        value={form.salaryMax}
        onChange={(e) => update('salaryMax', e.target.value)}
        error={errors.salaryMax}
      />
      <InputField
        label="Posted date"
        type="date"
        value={form.postedDate}
        onChange={(e) => update('postedDate', e.target.value)}
        error={errors.postedDate}
      />
      <InputField
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

  return (
    <form noValidate onSubmit={onSubmit} aria-busy={busy}>
      <Card className="p-4 sm:p-6">
        <Tabs<TabId>
          label="Job details"
          value={tab}
          onChange={setTab}
          keepMounted
          items={[
            { id: 'basic', label: 'Basic', icon: <Briefcase />, content: basic },
            { id: 'education', label: 'Education', icon: <GraduationCap />, content: education },
            { id: 'requirements', label: 'Requirements', icon: <ListChecks />, content: requirements },
            { id: 'benefits', label: 'Benefits', icon: <Gift />, content: benefits },
            { id: 'compensation', label: 'Compensation', icon: <DollarSign />, content: compensation },
          ]}
        />
      </Card>
      {logoProgress !== undefined && <ProgressBar className="mt-6" label="Uploading logo" value={logoProgress} />}
      <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <ButtonLink to={paths.employer} variant="outline">
          Cancel
        </ButtonLink>
        <Button type="submit" disabled={busy}>
          <Send aria-hidden="true" />
          {submitting ? 'Posting…' : 'Post Job'}
        </Button>
      </div>
    </form>
  )
}
