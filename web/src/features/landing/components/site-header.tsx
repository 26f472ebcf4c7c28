import { BrandLogo } from '@/components/brand-logo'
import { ButtonLink } from '@/components/button'
import { paths } from '@/config/paths'

/** The landing page's sticky top bar: brand, HR API and Sign In. */
export function SiteHeader() {
  return (
    <header className="sticky top-0 z-40 border-b border-slate-200/70 bg-white/85 backdrop-blur-md">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-3 px-4 sm:px-6">
        <BrandLogo />
        <nav aria-label="Main" className="flex items-center gap-2">
          <ButtonLink to={paths.hrApi} variant="ghost" size="sm">
            HR API
          </ButtonLink>
          <ButtonLink to={paths.auth} size="sm">
            Sign In
          </ButtonLink>
        </nav>
      </div>
    </header>
  )
}
