import { cn } from '@/lib/cn'

type ProgressBarProps = {
  /** The accessible name, also shown above the bar. */
  label: string
  /** Percent done, or null while the amount is unknown (the bar then pulses). */
  value: number | null
  className?: string
}

/** A labelled progress bar for an upload (percent) or a long task of unknown length (pulsing). */
export function ProgressBar({ label, value, className }: ProgressBarProps) {
  return (
    <div className={className}>
      <div className="flex items-center justify-between text-xs font-medium text-slate-600">
        <span>{label}</span>
        {value !== null && <span aria-hidden="true">{value}%</span>}
      </div>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={value ?? undefined}
        className="mt-1.5 h-2 overflow-hidden rounded-full bg-slate-100"
      >
        <div
          className={cn(
            'h-full rounded-full bg-linear-to-r from-brand-600 to-accent-500',
            value === null ? 'w-full animate-pulse motion-reduce:animate-none' : 'transition-[width] duration-200',
          )}
          style={value === null ? undefined : { width: `${value}%` }}
        />
      </div>
    </div>
  )
}
