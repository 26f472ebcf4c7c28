import { RotateCcw, type LucideIcon } from 'lucide-react'
import type { ReactNode } from 'react'
import { cn } from '@/lib/cn'
import { Button } from './button'

/** A list that failed to load: what failed, why (when the server said), and Retry. */
export function ErrorState({
  title,
  detail,
  onRetry,
  retrying = false,
  className,
}: {
  title: string
  detail?: string
  /** Loads the list again (the query's `refetch`). */
  onRetry: () => void
  /** While the retry runs the button is disabled, so a second press does not queue another. */
  retrying?: boolean
  className?: string
}) {
  return (
    <div role="alert" className={cn('rounded-2xl border border-red-200 bg-red-50/60 p-6 text-center', className)}>
      <p className="font-semibold text-red-800">{title}</p>
      {detail && <p className="mt-1 text-sm text-red-700">{detail}</p>}
      <Button className="mt-4" variant="outline" disabled={retrying} onClick={onRetry}>
        <RotateCcw aria-hidden="true" />
        {retrying ? 'Retrying…' : 'Retry'}
      </Button>
    </div>
  )
}

/** A list with nothing in it yet: an icon, a title, a line of help and an optional action. */
export function EmptyState({
  icon: Icon,
  title,
  description,
  action,
  headingLevel = 2,
  className,
}: {
  icon: LucideIcon
  title: string
  description?: ReactNode
  action?: ReactNode
  /** The title's heading level, so it fits the page's outline. */
  headingLevel?: 2 | 3 | 4
  className?: string
}) {
  const Heading = `h${headingLevel}` as const
  return (
    <div
      className={cn(
        'flex flex-col items-center rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center',
        className,
      )}
    >
      <Icon aria-hidden="true" className="size-10 text-slate-400" />
      <Heading className="mt-3 text-lg font-semibold text-slate-900">{title}</Heading>
      {description && <p className="mt-1 max-w-sm text-sm text-slate-600">{description}</p>}
      {action && <div className="mt-5">{action}</div>}
    </div>
  )
}
