import { Trash2 } from 'lucide-react'
import { toast } from '@/lib/toast'
import { Dialog } from '@/components/dialog'
import { ApiError } from '@/lib/api-client'
import { useDeleteApplication, type MyApplication } from '../api/applications'
import { MESSAGES } from '../messages'

/** A red button for the destructive action (the shared variants have none). */
const DANGER_BUTTON =
  'inline-flex h-11 shrink-0 items-center justify-center gap-2 rounded-full bg-red-600 px-5 text-sm font-semibold ' +
  'whitespace-nowrap text-white shadow-md shadow-red-600/25 transition hover:bg-red-700 focus-visible:outline-2 ' +
  'focus-visible:outline-offset-2 focus-visible:outline-red-600 disabled:pointer-events-none disabled:opacity-50 ' +
  '[&_svg]:size-4 [&_svg]:shrink-0'

/** Asks the spec's question and deletes the application on Delete. */
export function DeleteApplicationDialog({
  application,
  onClose,
  onDeleted,
}: {
  application: MyApplication | null
  onClose: () => void
  onDeleted: () => void
}) {
  const remove = useDeleteApplication()

  async function confirm() {
    if (application === null || remove.isPending) return
    try {
      await remove.mutateAsync(application)
      toast.success(MESSAGES.deleted)
      onClose()
      onDeleted()
    } catch (error) {
      console.error(error)
      toast.error(MESSAGES.deleteFailed, { description: error instanceof ApiError ? error.message : undefined })
      onClose()
    }
  }

  const job = application?.job_available ? application.job_title : MESSAGES.jobRemovedTitle
  return (
    <Dialog
      open={application !== null}
      onClose={() => {
        if (!remove.isPending) onClose()
      }}
      title="Delete Application"
      description={MESSAGES.deleteConfirm}
      actions={
        <button type="button" disabled={remove.isPending} onClick={() => void confirm()} className={DANGER_BUTTON}>
          <Trash2 aria-hidden="true" />
          {remove.isPending ? 'Deleting…' : 'Delete'}
        </button>
      }
    >
      <p>
        Your application for <span className="font-medium text-slate-900">{job}</span>
        {application?.company_name && (
          <>
            {' '}
            at <span className="font-medium text-slate-900">{application.company_name}</span>
          </>
        )}{' '}
        will be removed, with its cover letter.
      </p>
    </Dialog>
  )
}
