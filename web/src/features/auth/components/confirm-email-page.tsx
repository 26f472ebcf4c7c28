import { useEffect, useState } from 'react'
import { useLocation, useNavigate } from 'react-router'
import { Button, ButtonLink } from '@/components/button'
import { Spinner } from '@/components/spinner'
import { paths } from '@/config/paths'
import { ApiError } from '@/lib/api-client'
import { CONFIRM_MESSAGES, sendLinkAgain } from '@/lib/email-confirmation'
import { useSession } from '@/lib/session'
import { followConfirmationLink } from '../api/confirm-email'
import { tokenFromHash } from '../reset-link'
import { PasswordLayout } from './password-layout'

/** Not in the spec: what the page says. Refusals are the server's words. */
const MESSAGES = {
  title: 'Confirm your e-mail address',
  confirming: 'Confirming your address',
  confirmedTitle: 'Your e-mail address is confirmed',
  confirmed: 'You can now apply to jobs and publish them with',
  changed: 'Your JobTap account now uses',
  goneTitle: 'This link no longer works',
  incomplete: 'This link is not complete. Open it again from the e-mail.',
  signIn: 'Sign in to get a new link',
  failed: 'Your address could not be confirmed.',
  retry: 'Try again',
  continue: 'Continue to JobTap',
} as const

/** What the page says of a link the server did not take: spent or taken (its words), or failed. */
function refusalOf(error: unknown): Outcome {
  if (error instanceof ApiError && (error.status === 410 || error.status === 409))
    return { state: 'refused', message: error.message }
  return { state: 'failed', message: error instanceof ApiError ? error.message : MESSAGES.failed }
}

type Outcome =
  | { state: 'confirming' }
  | { state: 'confirmed'; email: string; changed: boolean }
  | { state: 'refused'; message: string }
  | { state: 'failed'; message: string }

/**
 * `/confirm-email#token=…`, opened from the e-mail: the token is read once and taken out of the
 * address at once (a fragment is never sent to a server), then sent in a request body. Works
 * signed in or not, on any device.
 */
export function ConfirmEmailPage() {
  const location = useLocation()
  const navigate = useNavigate()
  const { user } = useSession()
  const [token] = useState(() => tokenFromHash(location.hash))
  const [outcome, setOutcome] = useState<Outcome>({ state: 'confirming' })

  useEffect(() => {
    if (location.hash !== '') void navigate({ pathname: location.pathname, search: location.search }, { replace: true })
  }, [location.hash, location.pathname, location.search, navigate])

  useEffect(() => {
    if (token === null) return
    let current = true
    followConfirmationLink(token).then(
      (reply) => current && setOutcome({ state: 'confirmed', email: reply.email, changed: reply.changed }),
      (error: unknown) => current && setOutcome(refusalOf(error)),
    )
    return () => {
      current = false
    }
  }, [token])

  function retry() {
    if (token === null) return
    setOutcome({ state: 'confirming' })
    followConfirmationLink(token).then(
      (reply) => setOutcome({ state: 'confirmed', email: reply.email, changed: reply.changed }),
      (error: unknown) => setOutcome(refusalOf(error)),
    )
  }

  const home = user === null ? paths.auth : user.roles.includes('employer') ? paths.employer : paths.jobs

  if (token === null || outcome.state === 'refused') {
    return (
      <PasswordLayout title={MESSAGES.goneTitle} description={token === null ? MESSAGES.incomplete : outcome.state === 'refused' ? outcome.message : ''}>
        {user !== null ? (
          user.emailConfirmed ? (
            <ButtonLink to={home} size="lg" className="w-full">
              {MESSAGES.continue}
            </ButtonLink>
          ) : (
            <Button size="lg" className="w-full" onClick={() => void sendLinkAgain()}>
              {CONFIRM_MESSAGES.sendAgain}
            </Button>
          )
        ) : (
          <ButtonLink to={paths.auth} size="lg" className="w-full">
            {MESSAGES.signIn}
          </ButtonLink>
        )}
      </PasswordLayout>
    )
  }

  if (outcome.state === 'failed') {
    return (
      <PasswordLayout title={MESSAGES.title} description={outcome.message}>
        <Button size="lg" className="w-full" onClick={retry}>
          {MESSAGES.retry}
        </Button>
      </PasswordLayout>
    )
  }

  if (outcome.state === 'confirming') {
    return (
      <PasswordLayout title={MESSAGES.title} description={MESSAGES.confirming}>
        <div className="flex justify-center py-4">
          <Spinner label={MESSAGES.confirming} className="[&_svg]:size-8" />
        </div>
      </PasswordLayout>
    )
  }

  return (
    <PasswordLayout
      title={MESSAGES.confirmedTitle}
      description={
        <>
          {outcome.changed ? MESSAGES.changed : MESSAGES.confirmed}{' '}
          <strong className="font-semibold text-slate-900">{outcome.email}</strong>.
        </>
      }
    >
      <ButtonLink to={home} size="lg" className="w-full">
        {MESSAGES.continue}
      </ButtonLink>
    </PasswordLayout>
  )
}
