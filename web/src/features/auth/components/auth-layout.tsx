import { CircleCheck } from 'lucide-react'
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

/** What JobTap does, as a list in the marketing panel. */
export function PanelPoints({ points }: { points: readonly string[] }) {
  return (
    <ul className="max-w-md space-y-3">
      {points.map((point) => (
        <li key={point} className="flex gap-3 text-white/90">
          <CircleCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-white" />
          {point}
        </li>
      ))}
    </ul>
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
