import { House } from 'lucide-react'
import type { ReactNode } from 'react'
import { BrandLogo } from '@/components/brand-logo'
import { ButtonLink } from '@/components/button'
import { paths } from '@/config/paths'

/** A centred message page with the brand and a link home (404, coming soon, errors). */
export function SimplePage({
  icon,
  eyebrow,
  title,
  header,
  children,
}: {
  icon: ReactNode
  /** Replaces the plain brand header (the signed-in header, say). */
  header?: ReactNode
  eyebrow: string
  title: string
  children: ReactNode
}) {
  return (
    <div className="flex min-h-dvh flex-col bg-linear-to-b from-brand-50 to-white">
      <title>{`${title} · JobTap`}</title>
      {header ?? (
        <header className="mx-auto w-full max-w-6xl px-4 py-4 sm:px-6">
          <BrandLogo />
        </header>
      )}
      <main className="flex flex-1 items-center justify-center px-4 py-12">
        <div className="w-full max-w-md text-center">
          <div className="mx-auto mb-6 flex size-16 items-center justify-center rounded-2xl bg-white text-brand-600 shadow-md [&_svg]:size-8">
            {icon}
          </div>
          <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">{eyebrow}</p>
          <h1 className="mt-2 text-3xl font-bold tracking-tight text-slate-900">{title}</h1>
          <div className="mt-3 text-slate-600">{children}</div>
          <ButtonLink to={paths.home} className="mt-8">
            <House aria-hidden="true" />
            Return to Home
          </ButtonLink>
        </div>
      </main>
    </div>
  )
}
