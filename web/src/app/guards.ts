// Route guards, run as loaders before a protected page renders
// (spec, candidate §6 and employer §6). They read the one session store; when
// the session ends, the app revalidates so the guards run again.
import { redirect, type LoaderFunctionArgs } from 'react-router'
import { toast } from '@/lib/toast'
import { paths } from '@/config/paths'
import { rememberJobToView } from '@/lib/job-to-view'
import { sessionStore } from '@/lib/session'

/** The toast shown to a signed-in user without the employer role on an employer screen. */
export const ACCESS_DENIED_MESSAGE = 'Access denied. Employer account required.'

/** Candidate screens: signed-out visitors go to /auth. */
export function requireSignedIn(): null {
  if (sessionStore.get() === null) throw redirect(paths.auth)
  return null
}

/** A job's page: signed-out visitors go to /auth, and the job opens after they sign in. */
export function requireSignedInForJob({ params }: LoaderFunctionArgs): null {
  if (sessionStore.get() === null) {
    if (params.id) rememberJobToView(params.id)
    throw redirect(paths.auth)
  }
  return null
}

/** Employer screens: signed-out visitors go to /employer/auth; users without the role are sent home. */
export function requireEmployer(): null {
  const session = sessionStore.get()
  if (session === null) throw redirect(paths.employerAuth)
  if (!session.user.roles.includes('employer')) {
    toast.error(ACCESS_DENIED_MESSAGE, { id: 'access-denied' })
    throw redirect(paths.home)
  }
  return null
}
