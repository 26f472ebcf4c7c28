import { FileText } from 'lucide-react'
import { useId, type ReactNode, type Ref } from 'react'
import type { ProfileProposal } from '@/generated/core-types'
import { Button } from '@/components/button'

/** One field as the resume gives it and, when compared, as the profile holds it now. */
type Row = { label: string; read: string; now?: string }

function rowsOf(proposal: ProfileProposal, current: ProfileProposal | undefined): Row[] {
  const text = (value: string | number | null) => (value === null ? 'not set' : String(value))
  const rows: Row[] = []
  const compare = (label: string, read: string, now: string) =>
    rows.push(current === undefined ? { label, read } : { label, read, now })
  if (proposal.degreeField !== null) compare('Field of study', proposal.degreeField, text(current?.degreeField ?? null))
  if (proposal.university !== null) compare('University', proposal.university, text(current?.university ?? null))
  if (proposal.skills.length > 0) {
    const now = current && current.skills.length > 0 ? current.skills.join(', ') : 'none'
    compare('Skills', proposal.skills.join(', '), now)
  }
  if (proposal.experienceYears !== null) {
    compare('Years of experience', String(proposal.experienceYears), text(current?.experienceYears ?? null))
  }
  return rows
}

/**
 * What a resume proposes for the profile, for the person to take or leave: nothing changes until
 * they press "Use these". With `current`, each field also says what the profile holds now.
 */
export function ResumeProposal({
  proposal,
  current,
  intro,
  headingRef,
  onUse,
  onDismiss,
}: {
  proposal: ProfileProposal
  current?: ProfileProposal
  intro: ReactNode
  headingRef?: Ref<HTMLHeadingElement>
  onUse: () => void
  onDismiss: () => void
}) {
  const titleId = useId()
  return (
    <section aria-labelledby={titleId} className="rounded-2xl border border-brand-200 bg-brand-50/60 p-4">
      <h3
        id={titleId}
        ref={headingRef}
        tabIndex={headingRef ? -1 : undefined}
        className="flex items-center gap-2 font-semibold text-slate-900 outline-none"
      >
        <FileText aria-hidden="true" className="size-4 text-brand-700" />
        From your resume
      </h3>
      <p className="mt-1 text-sm text-slate-600">{intro}</p>
      <dl className="mt-3 space-y-1 text-sm">
        {rowsOf(proposal, current).map(({ label, read, now }) => (
          <div key={label} className="flex flex-wrap gap-x-2">
            <dt className="font-medium text-slate-900">{label}:</dt>
            <dd className="min-w-0 break-words text-slate-700">{read}</dd>
            {now !== undefined && <dd className="w-full min-w-0 break-words text-slate-500">Your profile now: {now}</dd>}
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
