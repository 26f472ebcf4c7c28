import { UsersRound } from 'lucide-react'
import { paths } from '@/config/paths'
import { INTERVIEWER_REFUSAL } from '@/lib/company-role'
import { ButtonLink } from './button'
import { Card } from './card'

/**
 * Shown to an interviewer instead of an employer screen the server refuses them (posting,
 * importing, analytics): what it says when asked, and the way back to their applicants.
 */
export function InterviewerNotice({ title }: { title: string }) {
  return (
    <Card className="text-center">
      <span
        aria-hidden="true"
        className="mx-auto flex size-12 items-center justify-center rounded-2xl bg-brand-50 text-brand-600 [&_svg]:size-6"
      >
        <UsersRound />
      </span>
      <h2 className="mt-4 text-xl font-semibold text-slate-900">{title}</h2>
      <p className="mx-auto mt-2 max-w-md text-slate-600">{INTERVIEWER_REFUSAL}</p>
      <ButtonLink to={paths.employer} className="mt-6">
        Back to your applicants
      </ButtonLink>
    </Card>
  )
}
