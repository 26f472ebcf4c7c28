import { Trash2 } from 'lucide-react'
import { toast } from '@/lib/toast'
import { Button } from '@/components/button'
import { Dialog } from '@/components/dialog'
import { ApiError } from '@/lib/api-client'
import { useDeleteJob, type Job } from '../api/jobs'
import { MESSAGES } from '../messages'

/** Asks before deleting a job (spec §2: the confirmation says pending applications are declined). */
export function DeleteJobDialog({ job, onClose }: { job: Job | null; onClose: () => void }) {
  const remove = useDeleteJob()

  async function confirm() {
    if (!job) return
    try {
      await remove.mutateAsync(job.id)
      toast.success(MESSAGES.deleted)
      onClose()
    } catch (error) {
      console.error(error)
      toast.error(MESSAGES.deleteFailed, { description: error instanceof ApiError ? error.message : undefined })
    }
  }

  return (
    <Dialog
      open={job !== null}
      onClose={onClose}
      title="Delete job"
      description={job ? `Delete “${job.job_title}”? This cannot be undone.` : undefined}
      actions={
        <Button
          disabled={remove.isPending}
          onClick={() => void confirm()}
          className="from-red-600 to-red-500 shadow-red-600/25"
        >
          <Trash2 aria-hidden="true" />
          {remove.isPending ? 'Deleting…' : 'Delete'}
        </Button>
      }
    >
      <p>
        Any pending applications to this job will be declined, and candidates will see that the job is no longer
        available.
      </p>
    </Dialog>
  )
}
