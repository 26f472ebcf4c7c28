import { CheckCircle2, TrendingUp } from 'lucide-react'
import { cn } from '@/lib/cn'
import { ATS_TARGET } from '../messages'

/**
 * An ATS score (spec §9): green at the target or more, orange below. The colour is
 * repeated in words, so it is not the only sign. `fixes`: how many changes the analysis still lists.
 */
export function AtsScore({ label, score, fixes = 0 }: { label: string; score: number; fixes?: number }) {
  const meets = score >= ATS_TARGET
  // "Optimized" claims nothing is left to change; at the target with fixes listed, it says so.
  const verdict = !meets ? 'Needs improvement' : fixes === 0 ? 'ATS-optimized' : `At target, ${fixes} ${fixes === 1 ? 'fix' : 'fixes'} left`
  return (
    <div
      role="group"
      aria-label={label}
      className={cn(
        'flex items-center gap-4 rounded-2xl border p-4',
        meets ? 'border-emerald-200 bg-emerald-50' : 'border-orange-200 bg-orange-50',
      )}
    >
      <p
        data-testid="ats-score-value"
        className={cn('text-4xl font-bold tabular-nums', meets ? 'text-green-600' : 'text-orange-600')}
      >
        {score}%
      </p>
      <div className="min-w-0 text-sm">
        <p className="font-semibold text-slate-900">{label}</p>
        <p className={cn('flex items-center gap-1.5', meets ? 'text-green-700' : 'text-orange-700')}>
          {meets ? <CheckCircle2 aria-hidden="true" className="size-4" /> : <TrendingUp aria-hidden="true" className="size-4" />}
          {verdict} · target {ATS_TARGET}%
        </p>
      </div>
    </div>
  )
}
