import { FileText } from 'lucide-react'
import type { ProfileProposal } from '@/generated/core-types'
import { Button } from '@/components/button'

/**
 * What the chosen resume proposes for "Education & Experience", for the person to take or leave:
 * nothing changes until they press "Use these", and nothing is saved until they finish.
 */
export function ResumeProposal({
  proposal,
  onUse,
  onDismiss,
}: {
  proposal: ProfileProposal
  onUse: () => void
  onDismiss: () => void
}) {
  const rows: Array<[string, string]> = []
  if (proposal.degreeField !== null) rows.push(['Field of study', proposal.degreeField])
  if (proposal.university !== null) rows.push(['University', proposal.university])
  if (proposal.skills.length > 0) rows.push(['Skills', proposal.skills.join(', ')])
  if (proposal.experienceYears !== null) rows.push(['Years of experience', String(proposal.experienceYears)])
  return (
    <section aria-labelledby="resume-proposal-title" className="rounded-2xl border border-brand-200 bg-brand-50/60 p-4">
      <h3 id="resume-proposal-title" className="flex items-center gap-2 font-semibold text-slate-900">
        <FileText aria-hidden="true" className="size-4 text-brand-700" />
        From your resume
      </h3>
      <p className="mt-1 text-sm text-slate-600">
        We read these in the resume you chose. Use them to fill in this step, then check each field: nothing is saved
        until you finish.
      </p>
      <dl className="mt-3 space-y-1 text-sm">
        {rows.map(([label, value]) => (
          <div key={label} className="flex flex-wrap gap-x-2">
            <dt className="font-medium text-slate-900">{label}:</dt>
            <dd className="min-w-0 break-words text-slate-700">{value}</dd>
          </div>
        ))}
      </dl>
      <div className="mt-4 flex flex-wrap gap-2">
        <Button type="button" size="sm" onClick={onUse}>
          Use these
        </Button>
        <Button type="button" size="sm" variant="outline" onClick={onDismiss}>
          Not now
        </Button>
      </div>
    </section>
  )
}
