import { Dialog } from '@/components/dialog'
import type { Job } from '../api/types'

/** The magnifier's dialog: the whole description and every requirement and benefit (at most 80vh high, spec §9). */
export function DescriptionDialog({ job, open, onClose }: { job: Job; open: boolean; onClose: () => void }) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={job.job_title}
      description={job.company_name}
      sizeClassName="max-h-[80vh] max-w-2xl"
    >
      <div className="space-y-5">
        <section>
          <h3 className="font-semibold text-slate-900">Job description</h3>
          <p className="mt-1 whitespace-pre-line">{job.job_description}</p>
        </section>
        {job.requirements.length > 0 && (
          <section>
            <h3 className="font-semibold text-slate-900">Requirements</h3>
            <ul className="mt-1 list-disc space-y-1 pl-5">
              {job.requirements.map((requirement, i) => (
                <li key={i}>{requirement}</li>
              ))}
            </ul>
          </section>
        )}
        {job.skills.length > 0 && (
          <section>
            <h3 className="font-semibold text-slate-900">Skills</h3>
            <p className="mt-1">{job.skills.join(', ')}</p>
          </section>
        )}
        {job.benefits.length > 0 && (
          <section>
            <h3 className="font-semibold text-slate-900">Benefits</h3>
            <ul className="mt-1 list-disc space-y-1 pl-5">
              {job.benefits.map((benefit, i) => (
                <li key={i}>{benefit}</li>
              ))}
            </ul>
          </section>
        )}
      </div>
    </Dialog>
  )
}
