import { ArrowDown, ArrowLeft, ArrowRight } from 'lucide-react'
import type { ReactNode, Ref } from 'react'
import { cn } from '@/lib/cn'
import { MESSAGES } from '../messages'

// The feed's round action buttons and its gesture hint.

export function ActionButton({
  label,
  className,
  children,
  ...props
}: {
  label: string
  className?: string
  children: ReactNode
  onClick: () => void
  disabled: boolean
  ref?: Ref<HTMLButtonElement>
}) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      className={cn(
        'inline-flex size-13 items-center justify-center rounded-full border border-slate-200 bg-white shadow-md transition',
        'hover:-translate-y-0.5 hover:shadow-lg focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
        'disabled:pointer-events-none disabled:opacity-40 [&_svg]:size-6',
        className,
      )}
      {...props}
    >
      {children}
    </button>
  )
}

/**
 * The spec's hint, "Double Tap: Apply • 👈 Reject • 👇 Copy • 👉 Next", word for word for screen
 * readers; on screen the pointing hands are drawn as arrows, since a phone without an emoji font
 * shows empty boxes.
 */
export function GestureHint() {
  const arrow = 'inline size-4 align-[-3px] text-slate-500'
  return (
    <p className="text-center text-sm text-slate-600">
      <span className="sr-only">{MESSAGES.hint}</span>
      <span aria-hidden="true">
        Double Tap: Apply • <ArrowLeft className={arrow} /> Reject • <ArrowDown className={arrow} /> Copy •{' '}
        <ArrowRight className={arrow} /> Next
      </span>
    </p>
  )
}
