import type { ReactNode } from 'react'
import { BrandLogo } from '@/components/brand-logo'

/** The one-card screen of "Forgot password?" and the page its e-mail's link opens; fits 360 px. */
export function PasswordLayout({
  title,
  description,
  children,
}: {
  title: string
  description: ReactNode
  children: ReactNode
}) {
  return (
    <main className="flex min-h-dvh flex-col bg-linear-to-b from-brand-50 to-white px-4 py-5 sm:px-8">
      <title>{`${title} · JobTap`}</title>
      <header>
        <BrandLogo />
      </header>
      <div className="flex flex-1 items-start justify-center py-8 sm:items-center sm:py-10">
        <div className="w-full max-w-md animate-fade-in rounded-3xl border border-slate-200/80 bg-white p-5 shadow-xl shadow-brand-600/5 sm:p-8">
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{title}</h1>
          <p className="mt-2 break-words text-slate-600">{description}</p>
          <div className="mt-6">{children}</div>
        </div>
      </div>
    </main>
  )
}
