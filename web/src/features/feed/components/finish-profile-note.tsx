import { Link } from 'react-router'
import { paths } from '@/config/paths'

/** Says why applying is off until onboarding is finished, with the way there. */
export function FinishProfileNote() {
  return (
    <p role="note" className="rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-center text-sm text-amber-900">
      Applying needs a finished profile.{' '}
      <Link to={paths.onboarding} className="font-semibold underline underline-offset-2">
        Complete your profile
      </Link>
    </p>
  )
}
