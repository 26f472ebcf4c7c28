import { LogOut } from 'lucide-react'
import { Link } from 'react-router'
import { paths } from '@/config/paths'
import { useAvatarBlob } from '@/lib/avatar'
import { useSession } from '@/lib/session'
import { useSignOut } from '@/lib/use-sign-out'
import { Avatar } from './avatar'
import { BrandLogo } from './brand-logo'
import { Button } from './button'
import { NotificationBell } from './notification-bell'

/** The signed-in header: the brand, the avatar (to /onboarding for job seekers) and Sign out. */
export function AppHeader() {
  const { user } = useSession()
  const signOut = useSignOut()
  const avatar = useAvatarBlob(user?.id ?? null, user?.hasAvatar ?? false)
  if (user === null) return null
  const isCandidate = user.roles.includes('candidate')
  const name = user.fullName || user.email
  return (
    <header className="relative z-30 border-b border-slate-200/70 bg-white/80 backdrop-blur">
      <div className="mx-auto flex w-full max-w-6xl items-center justify-between gap-3 px-4 py-3 sm:px-6">
        <BrandLogo className="shrink-0" />
        <div className="flex items-center gap-2">
          <NotificationBell />
          {isCandidate ? (
            <Link
              to={paths.onboarding}
              aria-label={`${name}, edit your profile`}
              title="Edit your profile"
              className="flex items-center gap-2 rounded-full p-0.5 text-sm font-medium text-slate-700 hover:bg-slate-100 sm:pr-3"
            >
              <Avatar name={name} image={avatar} initialsShown={false} />
              <span className="hidden max-w-40 truncate sm:inline">{name}</span>
            </Link>
          ) : (
            <span className="hidden max-w-48 truncate text-sm font-medium text-slate-700 sm:inline">
              {user.companyName ?? name}
            </span>
          )}
          {/* On the narrowest phones the label is read out, not drawn: beside the brand, the bell and the avatar it does not fit. */}
          <Button variant="ghost" size="sm" title="Sign out" onClick={() => void signOut()}>
            <LogOut aria-hidden="true" />
            <span className="max-[379px]:sr-only">Sign out</span>
          </Button>
        </div>
      </div>
    </header>
  )
}
