import { LayoutDashboard, LogOut, Menu, Plus, Settings, Upload, X } from 'lucide-react'
import { useEffect, useId, useRef, useState } from 'react'
import { Link, useLocation } from 'react-router'
import { BrandLogo } from '@/components/brand-logo'
import { Button, ButtonLink } from '@/components/button'
import { NotificationBell } from '@/components/notification-bell'
import { paths } from '@/config/paths'
import { worksEveryJob } from '@/lib/company-role'
import { useSession } from '@/lib/session'
import { useSignOut } from '@/lib/use-sign-out'

const menuLinkClasses =
  'flex items-center gap-3 rounded-xl px-3 py-2.5 text-sm font-medium text-slate-800 hover:bg-slate-100 [&_svg]:size-4 [&_svg]:text-brand-600'

/**
 * The employer's header (spec, employer §2 "dashboard"): Bulk Import, Post New
 * Job and sign out; below the sm breakpoint they move into a menu. An interviewer
 * posts nothing: they get neither link.
 */
export function EmployerHeader() {
  const { user } = useSession()
  const signOut = useSignOut()
  const [menuOpen, setMenuOpen] = useState(false)
  const menuId = useId()
  const menuButtonRef = useRef<HTMLButtonElement>(null)
  const { pathname } = useLocation()

  // A navigation closes the menu.
  const [lastPath, setLastPath] = useState(pathname)
  if (lastPath !== pathname) {
    setLastPath(pathname)
    setMenuOpen(false)
  }

  useEffect(() => {
    if (!menuOpen) return
    function onKeyDown(event: KeyboardEvent) {
      if (event.key !== 'Escape') return
      setMenuOpen(false)
      menuButtonRef.current?.focus()
    }
    document.addEventListener('keydown', onKeyDown)
    return () => document.removeEventListener('keydown', onKeyDown)
  }, [menuOpen])

  const company = user?.companyName ?? user?.fullName ?? ''
  const posts = worksEveryJob(user)

  return (
    <header className="relative z-30 border-b border-slate-200/70 bg-white/80 backdrop-blur">
      <div className="mx-auto flex w-full max-w-6xl items-center justify-between gap-3 px-4 py-3 sm:px-6">
        <div className="flex min-w-0 items-center gap-3">
          <BrandLogo />
          {company && (
            <span className="hidden max-w-48 truncate border-l border-slate-200 pl-3 text-sm font-medium text-slate-600 md:inline">
              {company}
            </span>
          )}
        </div>
        <nav aria-label="Employer" className="hidden items-center gap-2 sm:flex">
          {posts && (
            <>
              <ButtonLink to={paths.employerBulkImport} variant="outline" size="sm">
                <Upload aria-hidden="true" />
                Bulk Import
              </ButtonLink>
              <ButtonLink to={paths.employerPostJob} size="sm">
                <Plus aria-hidden="true" />
                Post New Job
              </ButtonLink>
            </>
          )}
          {user && <NotificationBell />}
          {user && (
            <Button variant="ghost" size="sm" onClick={() => void signOut()}>
              <LogOut aria-hidden="true" />
              Sign out
            </Button>
          )}
        </nav>
        <div className="flex items-center gap-1 sm:hidden">
          {user && <NotificationBell />}
        <Button
          ref={menuButtonRef}
          variant="ghost"
          size="sm"
          className="sm:hidden"
          aria-expanded={menuOpen}
          aria-controls={menuId}
          onClick={() => setMenuOpen((open) => !open)}
        >
          {menuOpen ? <X aria-hidden="true" /> : <Menu aria-hidden="true" />}
          Menu
        </Button>
        </div>
      </div>
      {menuOpen && (
        <nav id={menuId} aria-label="Employer menu" className="border-t border-slate-100 px-4 pb-3 sm:hidden">
          <ul className="space-y-1 pt-2">
            <li>
              <Link to={paths.employer} className={menuLinkClasses}>
                <LayoutDashboard aria-hidden="true" />
                Dashboard
              </Link>
            </li>
            {posts && (
              <>
                <li>
                  <Link to={paths.employerBulkImport} className={menuLinkClasses}>
                    <Upload aria-hidden="true" />
                    Bulk Import
                  </Link>
                </li>
                <li>
                  <Link to={paths.employerPostJob} className={menuLinkClasses}>
                    <Plus aria-hidden="true" />
                    Post New Job
                  </Link>
                </li>
              </>
            )}
            <li>
              <Link to={paths.notificationSettings} className={menuLinkClasses}>
                <Settings aria-hidden="true" />
                Settings
              </Link>
            </li>
            {user && (
              <li>
                <button type="button" className={`${menuLinkClasses} w-full`} onClick={() => void signOut()}>
                  <LogOut aria-hidden="true" />
                  Sign out
                </button>
              </li>
            )}
          </ul>
        </nav>
      )}
    </header>
  )
}
