import { Trash2 } from 'lucide-react'
import { toast } from '@/lib/toast'
import { Button } from '@/components/button'
import { Dialog } from '@/components/dialog'
import { ApiError } from '@/lib/api-client'
import { useDeleteApplication, type EmployerApplication } from '../api/applications'
import { MESSAGES } from '../messages'

/** Asks before removing an application from the employer's list. */
export function DeleteApplicationDialog({
  application,
  onClose,
}: {
  application: EmployerApplication | null
  onClose: () => void
}) {
  const remove = useDeleteApplication()

  async function confirm() {
    if (!application) return
    try {
      await remove.mutateAsync(application.id)
      toast.success(MESSAGES.deleted)
      onClose()
    } catch (error) {
      console.error(error)
      toast.error(MESSAGES.deleteFailed, { description: error instanceof ApiError ? error.message : undefined })
    }
  }

  return (
    <Dialog
      open={application !== null}
      onClose={onClose}
      title="Delete application"
      description={
        application ? `Remove ${application.candidate_name}'s application for ${application.job_title}?` : undefined
      }
      actions={
        <Button disabled={remove.isPending} onClick={() => void confirm()} className="from-red-600 to-red-500 shadow-red-600/25">
          <Trash2 aria-hidden="true" />
          {remove.isPending ? 'Deleting…' : 'Delete'}
        </Button>
      }
    >
      <p>It will no longer appear in your list. This cannot be undone.</p>
    </Dialog>
  )
}
