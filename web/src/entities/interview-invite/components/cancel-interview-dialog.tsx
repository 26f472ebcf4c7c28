import { CalendarX } from 'lucide-react'
import { toast } from '@/lib/toast'
import { Button } from '@/components/button'
import { Dialog } from '@/components/dialog'
import { ApiError } from '@/lib/api-client'
import { useCancelInterview } from '../api'
import { INTERVIEW_MESSAGES } from '../messages'
import type { InterviewTarget } from './propose-dialog'

/** Asks before calling the interview off; the candidate is told. */
export function CancelInterviewDialog({ target, onClose }: { target: InterviewTarget | null; onClose: () => void }) {
  const cancel = useCancelInterview()

  async function confirm() {
    if (!target) return
    try {
      await cancel.mutateAsync(target.id)
      toast.success(INTERVIEW_MESSAGES.cancelled)
      onClose()
    } catch (error) {
      console.error(error)
      toast.error(INTERVIEW_MESSAGES.cancelFailed, { description: error instanceof ApiError ? error.message : undefined })
    }
  }

  return (
    <Dialog
      open={target !== null}
      onClose={onClose}
      title="Cancel the interview"
      closeLabel="Keep it"
      description={target ? `${target.candidate_name}'s interview for ${target.job_title}.` : undefined}
      actions={
        <Button disabled={cancel.isPending} onClick={() => void confirm()} className="from-red-600 to-red-500 shadow-red-600/25">
          <CalendarX aria-hidden="true" />
          {cancel.isPending ? 'Cancelling…' : 'Cancel interview'}
        </Button>
      }
    >
      <p>The candidate is told. If a time was booked, its calendar file becomes a cancellation, e-mailed to whoever gets interview e-mails.</p>
    </Dialog>
  )
}
