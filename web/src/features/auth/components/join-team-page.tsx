import { UsersRound } from 'lucide-react'
import { useEffect, useState, type FormEvent } from 'react'
import { useLocation, useNavigate } from 'react-router'
import { Button, ButtonLink } from '@/components/button'
import { TextField } from '@/components/form-field'
import { Spinner } from '@/components/spinner'
import { paths } from '@/config/paths'
import { NEW_PASSWORD_HINT } from '@/generated/catalogue'
import { ApiError } from '@/lib/api-client'
import { companyRoleInfo, LEAST_COMPANY_ROLE, namedRole, type CompanyRoleInfo } from '@/lib/company-role'
import { useSession } from '@/lib/session'
import { toast } from '@/lib/toast'
import { useAcceptInvitation, useInvitation, useJoinTeam, type Invitation } from '../api/join-team'
import { tokenFromHash } from '../reset-link'
import { linkStatePage } from './link-states'
import { PasswordLayout } from './password-layout'

/** Not in the spec: what the page says. Refusals are the server's words. */
const MESSAGES = {
  title: 'Join your team on JobTap',
  checking: 'Checking your invitation',
  goneTitle: 'This invitation no longer works',
  incomplete: 'This link is not complete. Open it again from the e-mail.',
  home: 'Go to JobTap',
  retry: 'Try again',
  failedCheck: 'Your invitation could not be checked.',
  joinTitle: (company: string) => `Join ${company}`,
  invited: (role: string) => `You are invited as ${role}, with the address `,
  canDo: (summary: string) => `You will ${summary}.`,
  fullName: 'Your full name',
  password: 'Choose a password',
  join: 'Join the team',
  joining: 'Joining the team',
  joined: (company: string) => `You joined ${company}`,
  failed: 'You did not join the team',
  hasAccount: 'This address already has a JobTap account. Sign in with it, then open the link from the e-mail again.',
  signIn: 'Sign in',
  accept: 'Accept the invitation',
  accepting: 'Accepting the invitation',
} as const

/** Core's role of `key`; the least one for a key this build does not know. */
function roleOf(key: string): CompanyRoleInfo {
  return companyRoleInfo(key) ?? namedRole(LEAST_COMPANY_ROLE)
}

/**
 * `/join-team#token=…`, opened from an invitation e-mail: the token is read once and taken out
 * of the address at once. A new person makes their account here (the invited address, which the
 * link confirms); an address that has an account joins signed in.
 */
export function JoinTeamPage() {
  const location = useLocation()
  const navigate = useNavigate()
  const [token] = useState(() => tokenFromHash(location.hash))
  const { check, retry } = useInvitation(token)
  const [spent, setSpent] = useState<string | null>(null)

  useEffect(() => {
    if (location.hash !== '') void navigate({ pathname: location.pathname, search: location.search }, { replace: true })
  }, [location.hash, location.pathname, location.search, navigate])

  const waiting = linkStatePage(check, {
    token,
    spent,
    retry,
    words: MESSAGES,
    goneAction: (
      <ButtonLink to={paths.home} size="lg" className="w-full">
        {MESSAGES.home}
      </ButtonLink>
    ),
  })
  if (waiting !== null || check.state !== 'live' || token === null) return waiting
  return <Offer token={token} invitation={check.value} onSpent={setSpent} />
}

function Offer({ token, invitation, onSpent }: { token: string; invitation: Invitation; onSpent: (message: string) => void }) {
  const role = roleOf(invitation.role)
  const { user } = useSession()
  const navigate = useNavigate()
  const description = (
    <>
      {MESSAGES.invited(role.inSentence)}
      <strong className="font-semibold text-slate-900">{invitation.email}</strong>. {MESSAGES.canDo(role.summary)}
    </>
  )

  async function done(company: string) {
    toast.success(MESSAGES.joined(company))
    await navigate(paths.employer, { replace: true })
  }

  function refused(error: unknown) {
    if (error instanceof ApiError && error.status === 410) onSpent(error.message)
    else toast.error(MESSAGES.failed, { description: error instanceof ApiError ? error.message : undefined })
  }

  if (invitation.has_account) {
    return (
      <PasswordLayout title={MESSAGES.joinTitle(invitation.company_name)} description={description}>
        {user === null ? (
          <>
            <p className="mb-4 text-sm text-slate-700">{MESSAGES.hasAccount}</p>
            <ButtonLink to={paths.employerAuth} size="lg" className="w-full">
              {MESSAGES.signIn}
            </ButtonLink>
          </>
        ) : (
          <AcceptButton token={token} onDone={() => void done(invitation.company_name)} onRefused={refused} />
        )}
      </PasswordLayout>
    )
  }
  return (
    <PasswordLayout title={MESSAGES.joinTitle(invitation.company_name)} description={description}>
      <JoinForm token={token} email={invitation.email} onDone={() => void done(invitation.company_name)} onRefused={refused} />
    </PasswordLayout>
  )
}

function AcceptButton({ token, onDone, onRefused }: { token: string; onDone: () => void; onRefused: (error: unknown) => void }) {
  const accept = useAcceptInvitation()
  return (
    <Button
      size="lg"
      className="w-full"
      disabled={accept.isPending}
      onClick={() => accept.mutate(token, { onSuccess: onDone, onError: onRefused })}
    >
      {accept.isPending ? <Spinner label={MESSAGES.accepting} className="text-white" /> : <UsersRound aria-hidden="true" />}
      {MESSAGES.accept}
    </Button>
  )
}

function JoinForm({
  token,
  email,
  onDone,
  onRefused,
}: {
  token: string
  email: string
  onDone: () => void
  onRefused: (error: unknown) => void
}) {
  const join = useJoinTeam()
  const [fullName, setFullName] = useState('')
  const [password, setPassword] = useState('')
  const [problems, setProblems] = useState<{ fullName?: string; password?: string }>({})

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (join.isPending) return
    setProblems({})
    try {
      await join.mutateAsync({ token, fullName, password })
      onDone()
    } catch (error) {
      const fields =
        error instanceof ApiError
          ? { fullName: error.firstFieldMessage('full_name'), password: error.firstFieldMessage('password') }
          : {}
      if (fields.fullName !== undefined || fields.password !== undefined) setProblems(fields)
      else onRefused(error)
    }
  }

  return (
    <form noValidate method="post" onSubmit={(e) => void onSubmit(e)} className="space-y-4" aria-busy={join.isPending}>
      <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
      <TextField
        label={MESSAGES.fullName}
        name="full_name"
        autoComplete="name"
        value={fullName}
        onChange={(event) => setFullName(event.target.value)}
        error={problems.fullName}
      />
      <TextField
        label={MESSAGES.password}
        type="password"
        name="password"
        autoComplete="new-password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        hint={NEW_PASSWORD_HINT}
        error={problems.password}
      />
      <Button type="submit" size="lg" className="w-full" disabled={join.isPending || fullName.trim() === '' || password === ''}>
        {join.isPending ? <Spinner label={MESSAGES.joining} className="text-white" /> : <UsersRound aria-hidden="true" />}
        {MESSAGES.join}
      </Button>
    </form>
  )
}
