import { LogOut, MonitorSmartphone } from 'lucide-react'
import { useId } from 'react'
import { Button } from '@/components/button'
import { ErrorState } from '@/components/list-states'
import { ApiError } from '@/lib/api-client'
import { toast } from '@/lib/toast'
import { useEndSession, useSessions, useSignOutOthers, type SignedInSession } from '../api/sessions'
import { lastActiveText } from './last-active'

/** Not in the spec beyond its heading and buttons: what the section says. */
const MESSAGES = {
  heading: "Where you're signed in",
  what: 'Every device and browser signed in to your account. Sign out any you do not recognise, then change your password.',
  thisDevice: 'This device',
  activeNow: 'Active now',
  signedIn: (date: string, ip: string | null | undefined) => (ip ? `Signed in ${date} from ${ip}` : `Signed in ${date}`),
  signOut: 'Sign out',
  signOutNamed: (device: string) => `Sign out ${device}`,
  signingOut: 'Signing out…',
  signOutOthers: 'Sign out everywhere else',
  signedOut: (device: string) => `${device} was signed out`,
  signedOutOthers: (count: number) =>
    count === 1 ? 'Signed out of 1 other device' : `Signed out of ${count} other devices`,
  failed: 'Could not sign that device out',
  loadFailed: 'Could not load where you are signed in',
} as const

/** Settings' "Where you're signed in": each session, and signing out the others one by one or at once. */
export function SignedInSessionsSection() {
  const headingId = useId()
  const sessions = useSessions()
  const end = useEndSession()
  const others = useSignOutOthers()
  // Ages are told as of when the list was read, so a render never reads the clock.
  const now = sessions.dataUpdatedAt
  const list = sessions.data ?? []
  const hasOthers = list.some((s) => !s.current)

  function failed(error: Error) {
    toast.error(MESSAGES.failed, { description: error instanceof ApiError ? error.message : undefined })
  }

  function signOut(session: SignedInSession) {
    end.mutate(session.id, {
      onSuccess: () => toast.success(MESSAGES.signedOut(session.device)),
      onError: failed,
    })
  }

  function signOutOthers() {
    others.mutate(undefined, {
      onSuccess: (count) => toast.success(MESSAGES.signedOutOthers(count)),
      onError: failed,
    })
  }

  return (
    <section aria-labelledby={headingId} className="mt-10 rounded-2xl border border-slate-200 bg-white p-5">
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        {MESSAGES.heading}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{MESSAGES.what}</p>
      {sessions.isError ? (
        <ErrorState
          className="mt-4"
          title={MESSAGES.loadFailed}
          detail={sessions.error instanceof ApiError ? sessions.error.message : undefined}
          onRetry={() => void sessions.refetch()}
          retrying={sessions.isFetching}
        />
      ) : (
        <ul className="mt-4 divide-y divide-slate-100" aria-busy={sessions.isPending}>
          {list.map((session) => {
            const ending = end.isPending && end.variables === session.id
            return (
              <li key={session.id} className="flex flex-wrap items-center gap-x-4 gap-y-2 py-3">
                <MonitorSmartphone aria-hidden="true" className="size-6 shrink-0 text-slate-500" />
                <div className="min-w-0 flex-1">
                  <p className="font-medium text-slate-900">
                    {session.device}
                    {session.current && (
                      <span className="ml-2 rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-700">
                        {MESSAGES.thisDevice}
                      </span>
                    )}
                  </p>
                  <p className="text-sm text-slate-600">
                    {session.current ? MESSAGES.activeNow : lastActiveText(session.last_used_at, now)}
                  </p>
                  <p className="text-sm break-words text-slate-600">{MESSAGES.signedIn(session.created_text, session.ip)}</p>
                </div>
                {!session.current && (
                  <Button
                    variant="outline"
                    size="sm"
                    aria-label={MESSAGES.signOutNamed(session.device)}
                    disabled={ending || others.isPending}
                    onClick={() => signOut(session)}
                  >
                    {ending ? MESSAGES.signingOut : MESSAGES.signOut}
                  </Button>
                )}
              </li>
            )
          })}
        </ul>
      )}
      {hasOthers && (
        <Button className="mt-4" variant="outline" disabled={others.isPending} onClick={signOutOthers}>
          <LogOut aria-hidden="true" />
          {others.isPending ? MESSAGES.signingOut : MESSAGES.signOutOthers}
        </Button>
      )}
    </section>
  )
}
