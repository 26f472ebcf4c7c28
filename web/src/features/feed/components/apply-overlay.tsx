import { CircleCheck, ExternalLink } from 'lucide-react'
import type { ApplyOverlay as Overlay } from './use-apply-flow'
import { MESSAGES } from '../messages'

/** The spec's two overlays over the card: "Job Already Applied" (1 s) and "Apply with LinkedIn" (1.5 s). */
export function ApplyOverlay({ overlay }: { overlay: Overlay }) {
  return (
    <div role="status" aria-live="polite" className="pointer-events-none absolute inset-0 z-20 flex items-center justify-center">
      {overlay && (
        <div className="flex animate-pop-in flex-col items-center gap-3 rounded-3xl bg-slate-950/80 px-8 py-7 text-center text-white shadow-2xl backdrop-blur">
          {overlay.kind === 'alreadyApplied' ? (
            <CircleCheck aria-hidden="true" className="size-10 text-emerald-400" />
          ) : (
            <ExternalLink aria-hidden="true" className="size-10 text-sky-300" />
          )}
          <p className="text-xl font-bold">
            {overlay.kind === 'alreadyApplied' ? MESSAGES.alreadyApplied : MESSAGES.applyWithLinkedIn}
          </p>
          {overlay.kind === 'linkedIn' && <p className="text-sm text-slate-200">Opening the job on LinkedIn…</p>}
        </div>
      )}
    </div>
  )
}
