import { X } from 'lucide-react'
import { useId, useState, type FormEvent } from 'react'
import { toast } from '@/lib/toast'
import { Button } from '@/components/button'
import { Dialog } from '@/components/dialog'
import { TextAreaField, inputClasses } from '@/components/form-field'
import { MSG_REASON_REQUIRED, NOTE_MAX_CHARS, REJECTION_REASONS } from '@/generated/catalogue'
import { ApiError } from '@/lib/api-client'
import { useDecide, type EmployerApplication, type Rejection, type RejectionReason } from '../api/applications'
import { MESSAGES } from '../messages'

/**
 * Reject, confirmed: a reason from core's list (the employer's record, never shown to the
 * candidate), the employer's own detail, and optional feedback the candidate reads.
 */
export function RejectDialog({ application, onClose }: { application: EmployerApplication | null; onClose: () => void }) {
  if (application === null) return null
  return <RejectForm key={application.id} application={application} onClose={onClose} />
}

function RejectForm({ application, onClose }: { application: EmployerApplication; onClose: () => void }) {
  const decide = useDecide()
  const name = application.candidate_name

  async function submit(decision: Rejection) {
    try {
      await decide.mutateAsync({ id: application.id, decision })
      toast.success(MESSAGES.rejected)
      onClose()
    } catch (error) {
      console.error(error)
      toast.error(MESSAGES.updateFailed, { description: error instanceof ApiError ? error.message : undefined })
    }
  }

  return (
    <RejectionForm
      title="Reject application"
      description={`Reject ${name}'s application for ${application.job_title}? It leaves your list; ${name} sees "Not selected".`}
      feedbackHint={`${name} reads this on My Applications, and in the e-mail about your decision if they get e-mails.`}
      initialFeedback={application.employer_comment ?? ''}
      pending={decide.isPending}
      onSubmit={submit}
      onClose={onClose}
    />
  )
}

/**
 * The reject dialog's form: the reason (required), the private detail and the feedback, handed
 * to `onSubmit` trimmed. One application's dialog and the bulk one share it.
 */
export function RejectionForm({
  title,
  description,
  feedbackHint,
  initialFeedback = '',
  pending,
  onSubmit,
  onClose,
}: {
  title: string
  description: string
  feedbackHint: string
  initialFeedback?: string
  pending: boolean
  onSubmit: (rejection: Rejection) => Promise<void>
  onClose: () => void
}) {
  const id = useId()
  const [reason, setReason] = useState<RejectionReason | ''>('')
  const [detail, setDetail] = useState('')
  const [feedback, setFeedback] = useState(initialFeedback)
  const [missingReason, setMissingReason] = useState(false)

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (pending) return
    if (reason === '') {
      setMissingReason(true)
      document.getElementById(`${id}-reason`)?.focus()
      return
    }
    void onSubmit({ reason, detail: detail.trim(), feedback: feedback.trim() })
  }

  return (
    <Dialog
      open
      onClose={onClose}
      title={title}
      description={description}
      actions={
        <Button type="submit" form={`${id}-form`} disabled={pending} className="from-red-600 to-red-500 shadow-red-600/25">
          <X aria-hidden="true" />
          {pending ? 'Rejecting…' : 'Reject'}
        </Button>
      }
    >
      <form id={`${id}-form`} noValidate onSubmit={submit} className="space-y-4">
        <div>
          <label htmlFor={`${id}-reason`} className="mb-1.5 block text-sm font-medium text-slate-800">
            Reason
          </label>
          <select
            id={`${id}-reason`}
            value={reason}
            aria-invalid={missingReason}
            aria-describedby={`${id}-reason-hint`}
            onChange={(e) => {
              setReason(e.target.value as RejectionReason | '')
              setMissingReason(false)
            }}
            className={inputClasses}
          >
            <option value="">Choose a reason</option>
            {REJECTION_REASONS.map((r) => (
              <option key={r.key} value={r.key}>
                {r.label}
              </option>
            ))}
          </select>
          <p id={`${id}-reason-hint`} className={missingReason ? 'mt-1.5 text-xs text-red-700' : 'mt-1.5 text-xs text-slate-500'}>
            {missingReason ? MSG_REASON_REQUIRED : 'For your records only: the candidate never sees it.'}
          </p>
        </div>
        <TextAreaField
          label="Details (private)"
          hint="Only your team sees this."
          value={detail}
          maxLength={NOTE_MAX_CHARS}
          rows={2}
          onChange={(e) => setDetail(e.target.value)}
        />
        <TextAreaField
          label="Feedback to the candidate (optional)"
          hint={feedbackHint}
          value={feedback}
          maxLength={NOTE_MAX_CHARS}
          rows={3}
          placeholder="e.g. Thank you for applying. We went with more hospital experience this time."
          onChange={(e) => setFeedback(e.target.value)}
        />
      </form>
    </Dialog>
  )
}
