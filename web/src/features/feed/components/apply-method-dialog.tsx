import { Mail, Sparkles } from 'lucide-react'
import { useState, type FormEvent } from 'react'
import { toast } from '@/lib/toast'
import { Button } from '@/components/button'
import { Dialog } from '@/components/dialog'
import { TextField } from '@/components/form-field'
import type { LetterDraft } from '../api/application-draft'
import type { Job } from '../api/types'
import { MESSAGES } from '../messages'
import { FitBreakdown } from './fit-breakdown'
import type { AttachmentChoice } from '../attachments'
import { AttachmentsPicker } from './attachments-picker'
import { LetterEditor } from './letter-editor'
import { SHARE_LINK_MAX_DAYS } from '@/generated/catalogue'
import { percentText } from '@/lib/score-text'
import { useJobScore } from '../api/get-job-score'
import { shortfallPoints } from '../fit-gap'

type ApplyMethodDialogProps = {
  job: Job | null
  onClose: () => void
  /** The letter as the candidate left it (for whichever job it was written). */
  letter: LetterDraft | null
  onLetterChange: (letter: LetterDraft) => void
  /** The documents ticked to go with the application. */
  attachments: AttachmentChoice | null
  onAttachmentsChange: (choice: AttachmentChoice) => void
  onApplyWithJobTap: (job: Job) => void
  onApplyViaEmail: (job: Job, address: string) => void
}

/**
 * "Choose Application Method" (spec, candidate §2): Apply via Email, offered
 * only when the job has an employer address (editable here), Apply with
 * JobTap, or Cancel. The candidate's fit is shown before choosing, the cover letter
 * both methods send, to edit or regenerate, and the documents JobTap sends with it.
 */
export function ApplyMethodDialog({
  job,
  onClose,
  letter,
  onLetterChange,
  attachments,
  onAttachmentsChange,
  onApplyWithJobTap,
  onApplyViaEmail,
}: ApplyMethodDialogProps) {
  // The same query the fit breakdown shows: below the threshold the server refuses the
  // application and writes no letter, so the dialog neither offers nor promises them.
  const score = useJobScore(job?.id ?? '', job !== null)
  const fit = job !== null && score.data !== undefined ? score.data : null
  const blocked = fit !== null && !fit.meetsThreshold
  return (
    <Dialog
      open={job !== null}
      onClose={onClose}
      title={blocked ? MESSAGES.belowThresholdTitle : MESSAGES.chooseMethod}
      description={job ? `${job.job_title} at ${job.company_name}` : undefined}
      closeLabel="Cancel"
      actions={
        job && (
          <Button onClick={() => onApplyWithJobTap(job)} disabled={blocked}>
            <Sparkles aria-hidden="true" />
            {MESSAGES.applyWithJobTap}
          </Button>
        )
      }
    >
      {job && (
        <div className="space-y-5">
          {blocked && (
            <p className="font-medium text-slate-900">
              {MESSAGES.belowThreshold(percentText(fit.scorePercentage), fit.threshold, shortfallPoints(fit.scorePercentage, fit.threshold))}
            </p>
          )}
          <FitBreakdown jobId={job.id} compact />
          {!blocked && (
            <>
              <p>JobTap sends this cover letter with your scores to the employer.</p>
              <LetterEditor key={`letter-${job.id}`} job={job} letter={letter} onChange={onLetterChange} />
            </>
          )}
          {(!blocked || job.employer_email) && (
            <AttachmentsPicker jobId={job.id} choice={attachments} onChange={onAttachmentsChange} />
          )}
          {job.employer_email && (
            <EmailOption
              key={job.id}
              job={job}
              initialAddress={job.employer_email}
              onApply={onApplyViaEmail}
              letterShown={!blocked}
            />
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
  letterShown,
}: {
  job: Job
  initialAddress: string
  onApply: (job: Job, address: string) => void
  /** Whether the dialog shows the letter the mail will carry. */
  letterShown: boolean
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
        hint={`Your mail app opens with ${letterShown ? 'the cover letter above' : 'a cover letter written from your profile'} and a link to each ticked document, open for ${SHARE_LINK_MAX_DAYS} days.`}
      />
      <Button type="submit" variant="outline">
        <Mail aria-hidden="true" />
        {MESSAGES.applyViaEmail}
      </Button>
    </form>
  )
}
