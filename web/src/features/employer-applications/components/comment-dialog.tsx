import { useId, useState, type FormEvent } from 'react'
import { toast } from '@/lib/toast'
import { Button } from '@/components/button'
import { Dialog } from '@/components/dialog'
import { TextAreaField } from '@/components/form-field'
import { ApiError } from '@/lib/api-client'
import { NOTE_MAX_CHARS } from '@/generated/catalogue'
import { useSaveComment, type EmployerApplication } from '../api/applications'
import { MESSAGES } from '../messages'

/**
 * "Add Comment" (spec §2): the two texts of an application, said apart — a private note for
 * the employer's team and feedback the candidate reads. Both blank is ignored (§5).
 */
export function CommentDialog({ application, onClose }: { application: EmployerApplication | null; onClose: () => void }) {
  if (application === null) return null
  return <CommentForm key={application.id} application={application} onClose={onClose} />
}

function CommentForm({ application, onClose }: { application: EmployerApplication; onClose: () => void }) {
  const id = useId()
  const save = useSaveComment()
  const [note, setNote] = useState(application.private_note ?? '')
  const [feedback, setFeedback] = useState(application.employer_comment ?? '')

  async function submit() {
    // Both blank is the spec's blank comment: nothing is sent.
    if (note.trim() === '' && feedback.trim() === '') return
    try {
      await save.mutateAsync({ id: application.id, privateNote: note.trim(), feedback: feedback.trim() })
      toast.success(MESSAGES.commentAdded)
      onClose()
    } catch (error) {
      console.error(error)
      toast.error(MESSAGES.commentFailed, { description: error instanceof ApiError ? error.message : undefined })
    }
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (!save.isPending) void submit()
  }

  const name = application.candidate_name
  return (
    <Dialog
      open
      onClose={onClose}
      title="Add Comment"
      description={`On ${name}'s application for ${application.job_title}.`}
      actions={
        <Button type="submit" form={`${id}-form`} disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save Comment'}
        </Button>
      }
    >
      <form id={`${id}-form`} noValidate onSubmit={onSubmit} className="space-y-4">
        <TextAreaField
          label="Private note"
          hint={`Only your team sees this. ${name} never does.`}
          value={note}
          maxLength={NOTE_MAX_CHARS}
          rows={4}
          placeholder="e.g. Strong SQL; invite to a first interview."
          onChange={(e) => setNote(e.target.value)}
        />
        <TextAreaField
          label="Feedback to the candidate"
          hint={`${name} reads this on My Applications. Written before you accept or reject, it also goes in the e-mail about your decision.`}
          value={feedback}
          maxLength={NOTE_MAX_CHARS}
          rows={3}
          placeholder="e.g. Thank you for a clear portfolio."
          onChange={(e) => setFeedback(e.target.value)}
        />
      </form>
    </Dialog>
  )
}
