import { ClipboardList, FileText, FolderOpen, LogOut, Menu, Mic, Settings, X } from 'lucide-react'
import { Fragment, useEffect, useId, useRef, useState } from 'react'
import { createPortal } from 'react-dom'
import { Link, useLocation } from 'react-router'
import { Avatar } from '@/components/avatar'
import { avatarLinkLabel } from '@/components/avatar-label'
import { BrandLogo } from '@/components/brand-logo'
import { Button, ButtonLink } from '@/components/button'
import { NotificationBell } from '@/components/notification-bell'
import { paths } from '@/config/paths'
import { useAppDialogOpener } from '@/lib/app-dialogs'
import { useAvatarBlob } from '@/lib/avatar'
import { useSession } from '@/lib/session'
import { useSignOut } from '@/lib/use-sign-out'
import { MESSAGES } from '../messages'

const menuLinkClasses =
  'flex w-full items-center gap-3 rounded-xl px-3 py-2.5 text-sm font-medium text-slate-800 hover:bg-slate-100 [&_svg]:size-4 [&_svg]:text-brand-600'

const LINKS = [
  { to: paths.interviewPrep, label: 'Prepare Interview', icon: Mic },
  { to: paths.documents, label: 'Documents', icon: FolderOpen },
  { to: paths.applications, label: 'Track Applications', icon: ClipboardList },
] as const

/** The button opening the resume upgrade dialog (spec §2); app/ mounts the dialog, which belongs to the resume feature. */
const UPGRADE_RESUME = 'Upgrade Resume'

/**
 * The feed's header (spec, candidate §2 "Swipe feed"): "Find Your Next Role",
 * Prepare Interview, Upgrade Resume (a dialog), Documents, Track Applications,
 * the profile avatar and sign out; below the md breakpoint they move into a side menu.
 */
export function FeedHeader() {
  const { user } = useSession()
  const signOut = useSignOut()
  const avatar = useAvatarBlob(user?.id ?? null, user?.hasAvatar ?? false)
  const [menuOpen, setMenuOpen] = useState(false)
  const openAppDialog = useAppDialogOpener()
  const menuId = useId()
  const menuButtonRef = useRef<HTMLButtonElement>(null)
  const firstLinkRef = useRef<HTMLAnchorElement>(null)
  const sheetRef = useRef<HTMLElement>(null)
  const { pathname } = useLocation()

  // A navigation closes the menu.
  const [lastPath, setLastPath] = useState(pathname)
  if (lastPath !== pathname) {
    setLastPath(pathname)
    setMenuOpen(false)
  }

  useEffect(() => {
    if (!menuOpen) return
    firstLinkRef.current?.focus()
    function onKeyDown(event: KeyboardEvent) {
      if (event.key === 'Tab') {
        // Focus stays in the open sheet: Tab past its last item comes back to its first.
        const items = Array.from(sheetRef.current?.querySelectorAll<HTMLElement>('a[href], button') ?? [])
        const first = items[0]
        const last = items.at(-1)
        if (!first || !last) return
        const active = document.activeElement
        if (event.shiftKey && (active === first || !sheetRef.current?.contains(active))) {
          event.preventDefault()
          last.focus()
        } else if (!event.shiftKey && (active === last || !sheetRef.current?.contains(active))) {
          event.preventDefault()
          first.focus()
        }
        return
      }
      if (event.key !== 'Escape') return
      setMenuOpen(false)
      menuButtonRef.current?.focus()
    }
    document.addEventListener('keydown', onKeyDown)
    return () => document.removeEventListener('keydown', onKeyDown)
  }, [menuOpen])

  const name = user ? user.fullName || user.email : ''

  return (
    <header className="relative z-30 border-b border-slate-200/70 bg-white/80 backdrop-blur">
      {/* The title takes its own row under the logo and the buttons: beside five buttons it would not fit. */}
      <div className="mx-auto flex w-full max-w-6xl flex-wrap items-center justify-between gap-x-3 gap-y-1 px-4 py-3 sm:px-6">
        <BrandLogo className="shrink-0" />
        <h1 className="order-last w-full text-lg font-bold tracking-tight text-slate-900">
          {MESSAGES.title}
        </h1>
        <div className="flex shrink-0 items-center gap-2">
          {/* From md to xl the labels are read out and shown as tooltips, not drawn: they do not fit. */}
          <nav aria-label="Candidate" className="hidden items-center gap-1 md:flex">
            {LINKS.map(({ to, label, icon: Icon }) => (
              <Fragment key={to}>
                <ButtonLink to={to} variant="ghost" size="sm" title={label}>
                  <Icon aria-hidden="true" />
                  <span className="sr-only xl:not-sr-only">{label}</span>
                </ButtonLink>
                {to === paths.interviewPrep && (
                  <Button
                    variant="ghost"
                    size="sm"
                    title={UPGRADE_RESUME}
                    aria-haspopup="dialog"
                    onClick={() => openAppDialog('resume-upgrade')}
                  >
                    <FileText aria-hidden="true" />
                    <span className="sr-only xl:not-sr-only">{UPGRADE_RESUME}</span>
                  </Button>
                )}
              </Fragment>
            ))}
          </nav>
          {user && <NotificationBell />}
          {user && (
            <Link
              to={paths.onboarding}
              aria-label={avatarLinkLabel(name, avatar !== null, 'Edit your profile')}
              title="Edit your profile"
              className="rounded-full p-0.5 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600"
            >
              <Avatar name={name} image={avatar} />
            </Link>
          )}
          {user && (
            // A wrapper carries the breakpoint: the button's own inline-flex would outrank `hidden`.
            <div className="hidden md:block">
              <Button variant="ghost" size="sm" onClick={() => void signOut()}>
                <LogOut aria-hidden="true" />
                Sign out
              </Button>
            </div>
          )}
          <Button
            ref={menuButtonRef}
            variant="ghost"
            size="sm"
            className="md:hidden"
            aria-expanded={menuOpen}
            aria-controls={menuId}
            onClick={() => setMenuOpen((open) => !open)}
          >
            {menuOpen ? <X aria-hidden="true" /> : <Menu aria-hidden="true" />}
            Menu
          </Button>
        </div>
      </div>
      {/* In a portal: the header's backdrop blur would make it the fixed sheet's box, 100 px tall. */}
      {menuOpen &&
        createPortal(
          <>
            <div aria-hidden="true" className="fixed inset-0 z-40 bg-slate-950/40 md:hidden" onClick={() => setMenuOpen(false)} />
            <nav
              ref={sheetRef}
              id={menuId}
              aria-label="Candidate menu"
              className="fixed inset-y-0 right-0 z-50 h-dvh w-72 max-w-[85vw] animate-fade-in overflow-y-auto bg-white p-4 shadow-2xl md:hidden"
            >
              <div className="mb-3 flex items-center justify-between">
                <span className="font-semibold text-slate-900">Menu</span>
                <Button
                  variant="ghost"
                  size="sm"
                  aria-label="Close menu"
                  onClick={() => {
                    setMenuOpen(false)
                    menuButtonRef.current?.focus()
                  }}
                >
                  <X aria-hidden="true" />
                </Button>
              </div>
              <ul className="space-y-1">
                {LINKS.map(({ to, label, icon: Icon }, i) => (
                  <Fragment key={to}>
                    <li>
                      <Link ref={i === 0 ? firstLinkRef : undefined} to={to} className={menuLinkClasses}>
                        <Icon aria-hidden="true" />
                        {label}
                      </Link>
                    </li>
                    {to === paths.interviewPrep && (
                      <li>
                        <button
                          type="button"
                          aria-haspopup="dialog"
                          className={menuLinkClasses}
                          onClick={() => {
                            // The menu closes; focus returns to its button when the dialog closes.
                            setMenuOpen(false)
                            menuButtonRef.current?.focus()
                            openAppDialog('resume-upgrade')
                          }}
                        >
                          <FileText aria-hidden="true" />
                          {UPGRADE_RESUME}
                        </button>
                      </li>
                    )}
                  </Fragment>
                ))}
                {/* The e-mails, the data download and Delete account: on a phone the bell's panel is not the only way there. */}
                <li>
                  <Link to={paths.notificationSettings} className={menuLinkClasses}>
                    <Settings aria-hidden="true" />
                    Settings
                  </Link>
                </li>
                {user && (
                  <li>
                    <button type="button" className={menuLinkClasses} onClick={() => void signOut()}>
                      <LogOut aria-hidden="true" />
                      Sign out
                    </button>
                  </li>
                )}
              </ul>
            </nav>
          </>,
          document.body,
        )}
    </header>
  )
}
