import { toastUnconfirmed } from '@/lib/email-confirmation'
import { Briefcase, DollarSign, GraduationCap, Gift, ListChecks, Send } from 'lucide-react'
import { useRef, useState, type FormEvent } from 'react'
import { useNavigate } from 'react-router'
import { Button, ButtonLink } from '@/components/button'
import { Card } from '@/components/card'
import { ProgressBar } from '@/components/progress-bar'
import { paths } from '@/config/paths'
import { ApiError } from '@/lib/api-client'
import { Dialog } from '@/components/dialog'
import { getCore } from '@/lib/core-worker'
import { percentOf } from '@/lib/percent'
import { toast } from '@/lib/toast'
import { generateDescription, suggestSkills, suggestTalentScore, UnparsableSuggestionsError } from '../api/ai-assist'
import { uploadLogo, useCreateJob } from '../api/jobs'
import { formErrorsOf, fromCheck, type FormErrors, type TabId } from '../field-errors'
import { localIsoDate } from '../format'
import { emptyJobForm, missingRequired, requiredErrors, toJobInput, type JobForm } from '../job-form'
import { addEntries } from '../list-input'
import { aiScoreMessage, MESSAGES } from '../messages'
import {
  BasicSection,
  BenefitsSection,
  CompensationSection,
  EducationSection,
  RequirementsSection,
  type AiHelp,
  type AiTask,
} from './job-form-sections'
import { Tabs } from './tabs'

/** The core's check of the form, or null when the core could not run (the server still checks). */
async function checkedInBrowser(input: object) {
  try {
    return fromCheck(await getCore().validateJobPost(input))
  } catch (error) {
    console.error(error)
    return null
  }
}

/** The server's (or client's) message of a failure, for a toast's description. */
function reason(error: unknown): string | undefined {
  return error instanceof ApiError ? error.message : undefined
}

/** The job's fields in five tabs; posting checks them in the browser first, then uploads the logo and posts. */
export function PostJobForm({ companyName }: { companyName: string }) {
  const navigate = useNavigate()
  const createJob = useCreateJob()
  const [today] = useState(() => localIsoDate())
  const [form, setForm] = useState<JobForm>(() => emptyJobForm(companyName, today))
  const [logoFile, setLogoFile] = useState<File | null>(null)
  // A logo being checked holds the form: sent meanwhile, it would go without the logo.
  const [logoChecking, setLogoChecking] = useState(false)
  const [tab, setTab] = useState<TabId>('basic')
  /** The server's question when the same job is live already; null while not asking. */
  const [alreadyLive, setAlreadyLive] = useState<string | null>(null)
  /** What the server (or the required check) said about each field, shown under it. */
  const [errors, setErrors] = useState<FormErrors>({})
  const [aiBusy, setAiBusy] = useState<AiTask | null>(null)
  const [submitting, setSubmitting] = useState(false)
  /** The logo upload's percent while it runs (null: size unknown yet), undefined when none runs. */
  const [logoProgress, setLogoProgress] = useState<number | null | undefined>(undefined)
  /** The last uploaded logo, so a retry after a failed post does not upload it again. */
  const uploaded = useRef<{ file: File; url: string } | null>(null)

  const busy = submitting || logoChecking
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

  async function submit(postAgain = false) {
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
      await createJob.mutateAsync({ input: toJobInput(form, logo, today), postAgain })
      toast.success(MESSAGES.posted)
      await navigate(paths.employer)
    } catch (error) {
      console.error(error)
      // Not confirmed yet: the server's reason, with "Send the link again".
      if (toastUnconfirmed(error)) return
      // The same job is live already: ask, with the server's question, before posting it twice.
      if (error instanceof ApiError && error.kind === 'duplicate_job') {
        setAlreadyLive(error.message)
        return
      }
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

  const sectionProps = { form, errors, update, busy }
  const ai: AiHelp = { busy: aiBusy, description: aiDescription, skills: aiSkills, score: aiScore }

  return (
    <form noValidate onSubmit={onSubmit} aria-busy={busy}>
      <Card className="p-4 sm:p-6">
        <Tabs<TabId>
          label="Job details"
          value={tab}
          onChange={setTab}
          keepMounted
          items={[
            {
              id: 'basic',
              label: 'Basic',
              icon: <Briefcase />,
              content: <BasicSection {...sectionProps} logoFile={logoFile} onLogoFile={setLogoFile} onLogoChecking={setLogoChecking} ai={ai} />,
            },
            { id: 'education', label: 'Education', icon: <GraduationCap />, content: <EducationSection {...sectionProps} /> },
            {
              id: 'requirements',
              label: 'Requirements',
              icon: <ListChecks />,
              content: <RequirementsSection {...sectionProps} ai={ai} />,
            },
            { id: 'benefits', label: 'Benefits', icon: <Gift />, content: <BenefitsSection {...sectionProps} /> },
            { id: 'compensation', label: 'Compensation', icon: <DollarSign />, content: <CompensationSection {...sectionProps} /> },
          ]}
        />
      </Card>
      {logoProgress !== undefined && <ProgressBar className="mt-6" label="Uploading logo" value={logoProgress} />}
      <Dialog
        open={alreadyLive !== null}
        onClose={() => setAlreadyLive(null)}
        title="Already posted"
        description={alreadyLive}
        closeLabel="Cancel"
        actions={
          <Button
            onClick={() => {
              setAlreadyLive(null)
              void submit(true)
            }}
          >
            Post again
          </Button>
        }
      >
        <p className="text-sm text-slate-600">
          Both postings stay on your dashboard; candidates are shown one of them, the newest.
        </p>
      </Dialog>
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
