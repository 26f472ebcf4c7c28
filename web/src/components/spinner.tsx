import { LoaderCircle } from 'lucide-react'
import { cn } from '@/lib/cn'

/** A spinning indicator announced to screen readers as `label`. */
export function Spinner({ label = 'Loading', className }: { label?: string; className?: string }) {
  return (
    <span role="status" className={cn('inline-flex items-center gap-2 text-slate-500', className)}>
      <LoaderCircle aria-hidden="true" className="size-5 animate-spin" />
      <span className="sr-only">{label}</span>
    </span>
  )
}

/** A whole-page loading state, used while a lazy route loads. */
export function PageSpinner() {
  return (
    <div className="flex min-h-dvh items-center justify-center">
      <Spinner label="Loading page" className="[&_svg]:size-8" />
    </div>
  )
}

/** Shown over the page while a dialog's code loads on first use (a slow connection otherwise shows nothing). */
export function DialogSpinner({ label }: { label: string }) {
  return (
    <div data-testid="dialog-spinner" className="fixed inset-0 z-50 grid place-items-center bg-slate-900/40">
      <div className="rounded-2xl bg-white p-5 shadow-xl">
        <Spinner label={label} className="[&_svg]:size-8" />
      </div>
    </div>
  )
}

/** The grey placeholder block lives with the other loading shapes; re-exported for existing imports. */
export { Skeleton } from './skeleton'
