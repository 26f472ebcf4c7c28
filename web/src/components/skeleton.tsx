import type { ComponentProps } from 'react'
import { cn } from '@/lib/cn'

// Placeholders shown while a page's data loads, in the shape of what is coming, so the
// page never flashes blank and its layout does not jump when the data arrives.

/** A grey placeholder block. */
export function Skeleton({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      aria-hidden="true"
      data-skeleton=""
      className={cn('animate-pulse rounded-md bg-slate-200 motion-reduce:animate-none', className)}
      {...props}
    />
  )
}

/** The hidden text a skeleton is read out as; the grey shapes themselves are hidden from screen readers. */
function LoadingLabel({ label }: { label: string }) {
  return (
    <span role="status" className="sr-only">
      {label}
    </span>
  )
}

type ShapeProps = {
  /** What is loading, read out by screen readers ("Loading jobs"). */
  label: string
  className?: string
}

/** A job card's shape: logo, title and company, then text blocks. */
export function CardSkeleton({ label, className }: ShapeProps) {
  return (
    <div
      aria-busy="true"
      data-testid="card-skeleton"
      className={cn('flex w-full flex-col gap-4 rounded-3xl border border-slate-200 bg-white p-5', className)}
    >
      <LoadingLabel label={label} />
      <div className="flex gap-4">
        <Skeleton className="size-16 rounded-2xl" />
        <div className="flex-1 space-y-2">
          <Skeleton className="h-6 w-3/4" />
          <Skeleton className="h-4 w-1/2" />
        </div>
      </div>
      <Skeleton className="h-16" />
      <Skeleton className="h-24" />
      <Skeleton className="h-10" />
    </div>
  )
}

/** Rows of a list: an icon, two lines of text and an action. */
export function ListSkeleton({ label, className, rows = 3 }: ShapeProps & { rows?: number }) {
  return (
    <div aria-busy="true" data-testid="list-skeleton" className={className}>
      <LoadingLabel label={label} />
      <ul aria-hidden="true" className="divide-y divide-slate-100">
        {Array.from({ length: rows }, (_, i) => (
          <li key={i} className="flex items-center gap-3 py-3">
            <Skeleton className="size-10 shrink-0 rounded-xl" />
            <div className="min-w-0 flex-1 space-y-2">
              <Skeleton className="h-4 w-2/5" />
              <Skeleton className="h-3 w-3/5" />
            </div>
            <Skeleton className="hidden h-8 w-24 rounded-full sm:block" />
          </li>
        ))}
      </ul>
    </div>
  )
}

/** A table: a header row and `rows` rows of `columns` cells. */
export function TableSkeleton({ label, className, rows = 5, columns = 4 }: ShapeProps & { rows?: number; columns?: number }) {
  return (
    <div aria-busy="true" data-testid="table-skeleton" className={cn('overflow-hidden rounded-xl border border-slate-200', className)}>
      <LoadingLabel label={label} />
      <div aria-hidden="true">
        <div className="grid gap-3 bg-slate-50 px-4 py-3" style={{ gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))` }}>
          {Array.from({ length: columns }, (_, i) => (
            <Skeleton key={i} className="h-3 w-2/3 bg-slate-300" />
          ))}
        </div>
        {Array.from({ length: rows }, (_row, r) => (
          <div
            key={r}
            className="grid gap-3 border-t border-slate-100 px-4 py-3"
            style={{ gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))` }}
          >
            {Array.from({ length: columns }, (_cell, c) => (
              <Skeleton key={c} className="h-4" />
            ))}
          </div>
        ))}
      </div>
    </div>
  )
}

/** A form: labelled fields and a button. */
export function FormSkeleton({ label, className, fields = 4 }: ShapeProps & { fields?: number }) {
  return (
    <div aria-busy="true" data-testid="form-skeleton" className={cn('space-y-5', className)}>
      <LoadingLabel label={label} />
      {Array.from({ length: fields }, (_, i) => (
        <div key={i} aria-hidden="true" className="space-y-2">
          <Skeleton className="h-4 w-1/4" />
          <Skeleton className="h-10 rounded-xl" />
        </div>
      ))}
      <Skeleton className="ml-auto h-10 w-32 rounded-full" />
    </div>
  )
}
