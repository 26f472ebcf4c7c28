import { Mail, Sparkles } from 'lucide-react'
import { useState, type FormEvent } from 'react'
import { toast } from 'sonner'
import { Button } from '@/components/button'
import { Dialog } from '@/components/dialog'
import { TextField } from '@/components/form-field'
import type { Job } from '../api/types'
import { MESSAGES } from '../messages'
import { FitBreakdown } from './fit-breakdown'

type ApplyMethodDialogProps = {
  job: Job | null
  onClose: () => void
  onApplyWithJobTap: (job: Job) => void
  onApplyViaEmail: (job: Job, address: string) => void
}

/**
 * "Choose Application Method" (spec, candidate §2): Apply via Email, offered
 * only when the job has an employer address (editable here), Apply with
 * JobTap, or Cancel. The candidate's fit percentage is shown before choosing.
 */
export function ApplyMethodDialog({ job, onClose, onApplyWithJobTap, onApplyViaEmail }: ApplyMethodDialogProps) {
  return (
    <Dialog
      open={job !== null}
      onClose={onClose}
      title={MESSAGES.chooseMethod}
      description={job ? `${job.job_title} at ${job.company_name}` : undefined}
      closeLabel="Cancel"
      actions={
        job && (
          <Button onClick={() => onApplyWithJobTap(job)}>
            <Sparkles aria-hidden="true" />
            {MESSAGES.applyWithJobTap}
          </Button>
        )
      }
    >
      {job && (
        <div className="space-y-5">
          <FitBreakdown jobId={job.id} compact />
          <p>JobTap writes a cover letter from your profile and sends it with your scores to the employer.</p>
          {job.employer_email && (
            <EmailOption key={job.id} job={job} initialAddress={job.employer_email} onApply={onApplyViaEmail} />
          )}
        </div>
      )}
    </Dialog>
  )
}

function EmailOption({
  job,
  initialAddress,
  onApply,
}: {
  job: Job
  initialAddress: string
  onApply: (job: Job, address: string) => void
}) {
  const [address, setAddress] = useState(initialAddress)

  function submit(event: FormEvent) {
    event.preventDefault()
    if (address.trim() === '') {
      toast.error(MESSAGES.employerEmailRequired)
      return
    }
    onApply(job, address.trim())
  }

  return (
    <form noValidate onSubmit={submit} className="space-y-3 rounded-xl border border-slate-200 p-4">
      <TextField
        label="Employer email"
        type="email"
        autoComplete="off"
        value={address}
        onChange={(event) => setAddress(event.target.value)}
        hint="Your mail app opens with the cover letter written for you."
      />
      <Button type="submit" variant="outline">
        <Mail aria-hidden="true" />
        {MESSAGES.applyViaEmail}
      </Button>
    </form>
  )
}
