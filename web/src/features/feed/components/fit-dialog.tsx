import { Dialog } from '@/components/dialog'
import type { Job } from '../api/types'
import { FitBreakdown } from './fit-breakdown'

/** The candidate's fit breakdown for one job, before applying. */
export function FitDialog({ job, open, onClose }: { job: Job; open: boolean; onClose: () => void }) {
  return (
    <Dialog open={open} onClose={onClose} title="Your fit for this job" description={`${job.job_title} at ${job.company_name}`}>
      <FitBreakdown jobId={job.id} />
    </Dialog>
  )
}
