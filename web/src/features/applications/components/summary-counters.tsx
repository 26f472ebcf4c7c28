import { CheckCircle2, Clock, Layers, XCircle, type LucideIcon } from 'lucide-react'
import { Skeleton } from '@/components/spinner'
import { STATUS_BUCKETS } from '@/generated/catalogue'
import type { StatusBucket } from '@/lib/application-status'
import type { Counts } from '../status'

const BUCKET_LOOKS: Record<StatusBucket, { Icon: LucideIcon; tone: string }> = {
  pending: { Icon: Clock, tone: 'text-amber-600 bg-amber-50' },
  accepted: { Icon: CheckCircle2, tone: 'text-emerald-600 bg-emerald-50' },
  rejected: { Icon: XCircle, tone: 'text-red-600 bg-red-50' },
}

const COUNTERS: { key: keyof Counts; label: string; Icon: LucideIcon; tone: string }[] = [
  { key: 'total', label: 'Total', Icon: Layers, tone: 'text-brand-600 bg-brand-50' },
  ...STATUS_BUCKETS.map(({ key, label }) => ({ key, label, ...BUCKET_LOOKS[key] })),
]

/** The four counters (spec, candidate §2): Total, Pending, Accepted, Rejected; placeholders while loading. */
export function SummaryCounters({ counts }: { counts: Counts | undefined }) {
  return (
    <ul aria-label="Application counts" className="grid grid-cols-2 gap-3 sm:grid-cols-4">
      {COUNTERS.map(({ key, label, Icon, tone }) => (
        <li
          key={key}
          aria-label={counts ? `${label}: ${counts[key]}` : label}
          className="flex items-center gap-3 rounded-2xl border border-slate-200/80 bg-white p-4 shadow-sm"
        >
          <span aria-hidden="true" className={`flex size-10 items-center justify-center rounded-xl ${tone}`}>
            <Icon className="size-5" />
          </span>
          <span>
            <span className="block text-sm text-slate-500">{label}</span>
            {counts ? (
              <span className="block text-2xl font-bold text-slate-900 tabular-nums">{counts[key]}</span>
            ) : (
              <Skeleton className="mt-1 h-7 w-8" />
            )}
          </span>
        </li>
      ))}
    </ul>
  )
}
