import { useId, useState, type FormEvent } from 'react'
import { toast } from '@/lib/toast'
import { Button } from '@/components/button'
import { Dialog } from '@/components/dialog'
import { inputClasses } from '@/components/form-field'
import { ApiError } from '@/lib/api-client'
import { useSaveComment, type EmployerApplication } from '../api/applications'
import { MESSAGES } from '../messages'

/** "Add Comment" (spec §2): a note on the application; a blank one is ignored (§5). */
export function CommentDialog({ application, onClose }: { application: EmployerApplication | null; onClose: () => void }) {
  if (application === null) return null
  return <CommentForm key={application.id} application={application} onClose={onClose} />
}

function CommentForm({ application, onClose }: { application: EmployerApplication; onClose: () => void }) {
  const id = useId()
  const save = useSaveComment()
  const [comment, setComment] = useState(application.employer_comment ?? '')

  async function submit() {
    const text = comment.trim()
    // Blank comments are ignored (spec §5): nothing is sent.
    if (text === '') return
    try {
      await save.mutateAsync({ id: application.id, comment: text })
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

  return (
    <Dialog
      open
      onClose={onClose}
      title="Add Comment"
      description={`A private note on ${application.candidate_name}'s application for ${application.job_title}.`}
      actions={
        <Button type="submit" form={`${id}-form`} disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save Comment'}
        </Button>
      }
    >
      <form id={`${id}-form`} noValidate onSubmit={onSubmit}>
        <label htmlFor={`${id}-comment`} className="mb-1.5 block text-sm font-medium text-slate-800">
          Comment
        </label>
        <textarea
          id={`${id}-comment`}
          value={comment}
          maxLength={2000}
          rows={5}
          placeholder="e.g. Strong SQL; invite to a first interview."
          onChange={(e) => setComment(e.target.value)}
          className={`${inputClasses} resize-y`}
        />
      </form>
    </Dialog>
  )
}
