import { KeyRound } from 'lucide-react'
import { useEffect, useState, type FormEvent } from 'react'
import { useLocation, useNavigate } from 'react-router'
import { Button, ButtonLink } from '@/components/button'
import { TextField } from '@/components/form-field'
import { Spinner } from '@/components/spinner'
import { paths } from '@/config/paths'
import { NEW_PASSWORD_HINT } from '@/generated/catalogue'
import { ApiError } from '@/lib/api-client'
import { candidateHomePath } from '@/lib/job-to-view'
import { toast } from '@/lib/toast'
import { useResetLink } from '../api/check-reset-link'
import { tokenFromHash } from '../reset-link'
import { useResetPassword } from '../api/reset-password'
import { linkStatePage } from './link-states'
import { PasswordLayout } from './password-layout'

/** Not in the spec: what the page says. Refusals are the server's words. */
const MESSAGES = {
  title: 'Set a new password',
  checking: 'Checking your link',
  forAccount: 'For the JobTap account of',
  password: 'New password',
  save: 'Set my new password',
  saving: 'Setting your new password',
  changed: 'Your password was changed',
  changedDetail: 'You are signed in here, and every other device was signed out.',
  goneTitle: 'This link no longer works',
  incomplete: 'This link is not complete. Open it again from the e-mail, or ask for a new one.',
  askAgain: 'Ask for a new link',
  retry: 'Try again',
  failedCheck: 'Your link could not be checked.',
  failed: 'Your password was not changed',
} as const

/**
 * `/reset-password#token=…`, opened from the e-mail: the token is read once and taken out of the
 * address at once (so it stays out of the history, bookmarks and shared screens; a fragment is
 * never sent to a server). The link is checked before a password is asked for; the new password
 * signs the person in.
 */
export function ResetPasswordPage() {
  const location = useLocation()
  const navigate = useNavigate()
  const [token] = useState(() => tokenFromHash(location.hash))
  const { check: link, retry } = useResetLink(token)
  const reset = useResetPassword()
  const [password, setPassword] = useState('')
  const [problem, setProblem] = useState<string | undefined>(undefined)
  const [spent, setSpent] = useState<string | null>(null)

  useEffect(() => {
    if (location.hash !== '') void navigate({ pathname: location.pathname, search: location.search }, { replace: true })
  }, [location.hash, location.pathname, location.search, navigate])

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (reset.isPending || token === null) return
    setProblem(undefined)
    try {
      const session = await reset.mutateAsync({ token, password })
      toast.success(MESSAGES.changed, { description: MESSAGES.changedDetail })
      const home = session.user.roles.includes('employer') ? paths.employer : candidateHomePath()
      await navigate(home, { replace: true })
    } catch (error) {
      if (error instanceof ApiError && error.status === 410) setSpent(error.message)
      else if (error instanceof ApiError && error.firstFieldMessage('password') !== undefined)
        setProblem(error.firstFieldMessage('password'))
      else toast.error(MESSAGES.failed, { description: error instanceof ApiError ? error.message : undefined })
    }
  }

  const waiting = linkStatePage(link, {
    token,
    spent,
    retry,
    words: MESSAGES,
    goneAction: (
      <ButtonLink to={paths.forgotPassword} size="lg" className="w-full">
        {MESSAGES.askAgain}
      </ButtonLink>
    ),
  })
  if (waiting !== null || link.state !== 'live') return waiting

  const email = link.value.email
  return (
    <PasswordLayout
      title={MESSAGES.title}
      description={
        <>
          {MESSAGES.forAccount} <strong className="font-semibold text-slate-900">{email}</strong>
        </>
      }
    >
      <form noValidate method="post" onSubmit={(e) => void onSubmit(e)} className="space-y-4" aria-busy={reset.isPending}>
        {/* Tells a password manager whose password this is, so it updates the right entry. */}
        <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
        <TextField
          label={MESSAGES.password}
          type="password"
          name="password"
          autoComplete="new-password"
          value={password}
          onChange={(event) => {
            setPassword(event.target.value)
            setProblem(undefined)
          }}
          hint={NEW_PASSWORD_HINT}
          error={problem}
        />
        <Button type="submit" size="lg" className="w-full" disabled={reset.isPending || password === ''}>
          {reset.isPending ? <Spinner label={MESSAGES.saving} className="text-white" /> : <KeyRound aria-hidden="true" />}
          {MESSAGES.save}
        </Button>
      </form>
    </PasswordLayout>
  )
}
