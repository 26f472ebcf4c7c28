import { ChevronDown } from 'lucide-react'
import { useId, useState, type ReactNode } from 'react'
import { cn } from '@/lib/cn'

/**
 * A disclosure: a button that shows or hides its section. The content is only
 * rendered while open, so what it loads is fetched on first opening.
 */
export function Collapsible({ label, icon, children }: { label: string; icon: ReactNode; children: ReactNode }) {
  const id = useId()
  const [open, setOpen] = useState(false)
  return (
    <div className="rounded-xl border border-slate-200/80">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((o) => !o)}
        className="flex w-full items-center justify-between gap-3 rounded-xl px-4 py-3 text-left text-sm font-semibold text-slate-800 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 [&_svg]:size-4"
      >
        <span className="flex items-center gap-2 [&_svg]:text-brand-600">
          {icon}
          {label}
        </span>
        <ChevronDown aria-hidden="true" className={cn('text-slate-500 transition-transform', open && 'rotate-180')} />
      </button>
      <div id={id} hidden={!open} className="border-t border-slate-100 px-4 py-3">
        {open && children}
      </div>
    </div>
  )
}
