import type { ComponentProps } from 'react'
import { cn } from '@/lib/cn'

/** A white, rounded surface for grouped content. */
export function Card({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      className={cn('rounded-2xl border border-slate-200/80 bg-white p-6 shadow-sm', className)}
      {...props}
    />
  )
}

/** A card's heading (an h3 unless the card sits elsewhere in the outline). */
export function CardTitle({
  as: Heading = 'h3',
  className,
  ...props
}: ComponentProps<'h3'> & { as?: 'h2' | 'h3' | 'h4' }) {
  return <Heading className={cn('text-lg font-semibold text-slate-900', className)} {...props} />
}

/** A card's body text. */
export function CardText({ className, ...props }: ComponentProps<'p'>) {
  return <p className={cn('mt-2 text-sm leading-relaxed text-slate-600', className)} {...props} />
}
