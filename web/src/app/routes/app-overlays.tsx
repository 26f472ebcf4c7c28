import { lazy, Suspense } from 'react'
import { matchPath, useLocation } from 'react-router'
import { DialogSpinner } from '@/components/spinner'
import { paths } from '@/config/paths'
import { closeAppDialog, useAppDialog } from '@/lib/app-dialogs'
import { useSession } from '@/lib/session'
import { useSettledOrTouched } from '@/lib/when-settled-or-touched'

const ChatWidget = lazy(async () => ({
  default: (await import('@/features/chat/components/chat-widget')).ChatWidget,
}))
const ResumeUpgradeDialog = lazy(async () => ({
  default: (await import('@/features/resume/components/resume-upgrade-dialog')).ResumeUpgradeDialog,
}))

/** Candidate pages with the assistant; the job page too, where the answers' job links lead. */
const CANDIDATE_CHAT_PATHS = [paths.jobs, paths.job, paths.applications, paths.documents]

/** Whether `pathname` shows the assistant: the candidate pages above and the employer portal (not its sign-in). */
function showsChat(pathname: string): boolean {
  if (CANDIDATE_CHAT_PATHS.some((path) => matchPath(path, pathname))) return true
  if (matchPath(paths.employerAuth, pathname)) return false
  return matchPath({ path: paths.employer, end: false }, pathname) !== null
}

/**
 * What floats above the pages, each loaded on first use: the chat widget for
 * signed-in users (spec, candidate §2 and employer §2), once the page has settled, and the dialogs one
 * feature opens on another's page. One mount keeps the conversation while the
 * user moves between pages.
 */
export function AppOverlays() {
  const { user } = useSession()
  const { pathname } = useLocation()
  const dialog = useAppDialog()
  // The launcher floats over the page: it can arrive once the page has drawn without moving
  // anything, and its code then does not compete with the first screen's on a slow connection.
  const settled = useSettledOrTouched()

  return (
    <>
      {user && settled && showsChat(pathname) && (
        <Suspense fallback={null}>
          {/* A new user starts a new conversation. */}
          <ChatWidget key={user.id} />
        </Suspense>
      )}
      {user && dialog?.name === 'resume-upgrade' && (
        <Suspense fallback={<DialogSpinner label="Loading Upgrade Your Resume" />}>
          <ResumeUpgradeDialog onClose={closeAppDialog} job={dialog.job} fullName={user.fullName} />
        </Suspense>
      )}
    </>
  )
}
