import type { ReactNode } from 'react'
import { BrandLogo } from '@/components/brand-logo'

/** The two-panel auth screen: the form on one side, a marketing panel on the other (stacked on phones). */
export function AuthLayout({
  title,
  description,
  panel,
  children,
}: {
  title: string
  description: string
  panel: ReactNode
  children: ReactNode
}) {
  return (
    <div className="grid min-h-dvh lg:grid-cols-2">
      <title>{`${title} · JobTap`}</title>
      <main className="flex flex-col bg-linear-to-b from-brand-50 to-white px-4 py-5 sm:px-8">
        <header>
          <BrandLogo />
        </header>
        <div className="flex flex-1 items-center justify-center py-10">
          <div className="w-full max-w-md animate-fade-in rounded-3xl border border-slate-200/80 bg-white p-6 shadow-xl shadow-brand-600/5 sm:p-8">
            <h1 className="text-3xl font-bold tracking-tight text-slate-900">{title}</h1>
            <p className="mt-2 text-slate-600">{description}</p>
            <div className="mt-6">{children}</div>
          </div>
        </div>
      </main>
      {panel}
    </div>
  )
}

/** A counter in the marketing panel: the big number above its label. */
export function PanelStat({ value, label }: { value: ReactNode; label: string }) {
  return (
    <div className="flex flex-col-reverse rounded-2xl bg-white/10 p-4 ring-1 ring-white/20 backdrop-blur-sm">
      <dt className="mt-1 text-sm text-white/80">{label}</dt>
      <dd className="text-3xl font-extrabold tracking-tight text-white">{value}</dd>
    </div>
  )
}

/** The gradient marketing panel beside the form. */
export function AuthPanel({ label, heading, children }: { label: string; heading: string; children: ReactNode }) {
  return (
    <aside
      aria-label={label}
      className="flex flex-col justify-center gap-8 bg-linear-to-br from-brand-700 via-brand-600 to-accent-500 px-6 py-12 text-white sm:px-12"
    >
      <h2 className="max-w-md text-3xl font-bold tracking-tight sm:text-4xl">{heading}</h2>
      {children}
    </aside>
  )
}
