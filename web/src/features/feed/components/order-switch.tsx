import { cn } from '@/lib/cn'
import type { FeedOrder } from '../api/first-page'

const ORDERS: ReadonlyArray<{ order: FeedOrder; label: string }> = [
  { order: 'newest', label: 'Newest' },
  { order: 'best_match', label: 'Best match' },
]

/** "Newest / Best match": the feed's order, newest first unless the candidate asks otherwise. */
export function OrderSwitch({ order, onChange }: { order: FeedOrder; onChange: (order: FeedOrder) => void }) {
  return (
    <div role="group" aria-label="Order jobs by" className="inline-flex rounded-full border border-slate-200 bg-white p-1 shadow-xs">
      {ORDERS.map((option) => (
        <button
          key={option.order}
          type="button"
          aria-pressed={order === option.order}
          onClick={() => onChange(option.order)}
          className={cn(
            'min-h-9 rounded-full px-4 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-brand-500',
            order === option.order ? 'bg-brand-600 text-white' : 'text-slate-700 hover:bg-slate-100',
          )}
        >
          {option.label}
        </button>
      ))}
    </div>
  )
}
