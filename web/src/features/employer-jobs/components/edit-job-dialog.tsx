import { Save } from 'lucide-react'
import { useId, useState, type FormEvent } from 'react'
import { toast } from '@/lib/toast'
import { Button } from '@/components/button'
import { Dialog } from '@/components/dialog'
import { ApiError } from '@/lib/api-client'
import { getCore } from '@/lib/core-worker'
import { useUpdateJob, type Job } from '../api/jobs'
import { fromCheck } from '../field-errors'
import { jobFormFrom, missingRequired, toJobInput, type JobForm } from '../job-form'
import { MESSAGES } from '../messages'
import { JOB_TYPES } from '../options'
import { SelectField, TextAreaField, TextField } from '@/components/form-field'
import { ListInput } from './list-input'

/** "Edit Job Posting" (spec §2): the job's main fields; everything else is kept as it was. */
export function EditJobDialog({ job, onClose }: { job: Job | null; onClose: () => void }) {
  if (job === null) return null
  // A fresh form for each job opened.
  return <EditJobForm key={job.id} job={job} onClose={onClose} />
}

function EditJobForm({ job, onClose }: { job: Job; onClose: () => void }) {
  const formId = useId()
  const update = useUpdateJob()
  const [form, setForm] = useState<JobForm>(() => jobFormFrom(job))

  function set<K extends keyof JobForm>(key: K, value: JobForm[K]) {
    setForm((f) => ({ ...f, [key]: value }))
  }

  async function save() {
    if (missingRequired(form)) {
      toast.error(MESSAGES.required)
      return
    }
    try {
      const input = toJobInput(form, job.company_logo, null)
      const refusedHere = await getCore()
        .validateJobPost(input)
        .then(fromCheck)
        // The core could not run: the server still checks.
        .catch(() => null)
      if (refusedHere) {
        toast.error(MESSAGES.updateFailed, { description: refusedHere.summary })
        return
      }
      await update.mutateAsync({ id: job.id, input })
      toast.success(MESSAGES.updated)
      onClose()
    } catch (error) {
      console.error(error)
      toast.error(MESSAGES.updateFailed, { description: error instanceof ApiError ? error.message : undefined })
    }
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (!update.isPending) void save()
  }

  return (
    <Dialog
      open
      onClose={onClose}
      title="Edit Job Posting"
      description="Changes are visible to candidates at once."
      actions={
        <Button type="submit" form={formId} disabled={update.isPending}>
          <Save aria-hidden="true" />
          {update.isPending ? 'Saving…' : 'Save Changes'}
        </Button>
      }
    >
      <form id={formId} noValidate onSubmit={onSubmit} className="space-y-4">
        <TextField label="Job title" required value={form.jobTitle} onChange={(e) => set('jobTitle', e.target.value)} />
        <TextField
          label="Company name"
          required
          value={form.companyName}
          onChange={(e) => set('companyName', e.target.value)}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField
            label="Job type"
            required
            placeholder="Select job type"
            options={JOB_TYPES}
            value={form.jobType}
            onChange={(e) => set('jobType', e.target.value)}
          />
          <TextField label="Location" required value={form.location} onChange={(e) => set('location', e.target.value)} />
        </div>
        <TextAreaField
          label="Job description"
          required
          className="min-h-40 leading-relaxed"
          value={form.description}
          onChange={(e) => set('description', e.target.value)}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="Minimum salary (USD)"
            type="number"
            min={0}
            step="any"
            value={form.salaryMin}
            onChange={(e) => set('salaryMin', e.target.value)}
          />
          <TextField
            label="Maximum salary (USD)"
            type="number"
            min={0}
            step="any"
            value={form.salaryMax}
            onChange={(e) => set('salaryMax', e.target.value)}
          />
          <TextField
            label="Years of experience"
            type="number"
            min={0}
            step={1}
            value={form.experienceYears}
            onChange={(e) => set('experienceYears', e.target.value)}
          />
          <TextField
            label="Expiry date (optional)"
            type="date"
            min={form.postedDate || undefined}
            value={form.expiryDate}
            onChange={(e) => set('expiryDate', e.target.value)}
          />
        </div>
        <ListInput label="Requirements" values={form.requirements} onChange={(v) => set('requirements', v)} />
        <ListInput label="Skills" values={form.skills} onChange={(v) => set('skills', v)} />
        <ListInput label="Benefits" values={form.benefits} onChange={(v) => set('benefits', v)} />
      </form>
    </Dialog>
  )
}
