import { RotateCcw } from 'lucide-react'
import { Button } from '@/components/button'
import { Card } from '@/components/card'
import { ProgressBar } from '@/components/progress-bar'
import { MESSAGES } from '../messages'

type AnalysingStepProps = { failed: boolean; onRetry: () => void; onStartNew: () => void }

/** Analysing (spec, candidate §2), with a way out when the analysis failed: the answers are kept for a retry. */
export function AnalysingStep({ failed, onRetry, onStartNew }: AnalysingStepProps) {
  return (
    <Card className="mx-auto max-w-xl text-center" aria-busy={!failed}>
      {failed ? (
        <div role="alert">
          <p className="font-semibold text-red-800">{MESSAGES.analysisFailed}</p>
          <p className="mt-1 text-sm text-slate-600">Your answers are still here; you can try again.</p>
          <div className="mt-5 flex flex-wrap justify-center gap-3">
            <Button onClick={onRetry}>
              <RotateCcw aria-hidden="true" />
              Try Again
            </Button>
            <Button variant="outline" onClick={onStartNew}>
              Start New Interview
            </Button>
          </div>
        </div>
      ) : (
        <div className="flex flex-col items-center gap-3 py-6">
          <p className="text-lg font-semibold text-slate-900">Analysing your interview…</p>
          <p className="text-sm text-slate-600">Scoring what was measured while you answered.</p>
          {/* One request of unknown length: the bar pulses rather than inventing a percentage. */}
          <ProgressBar label="Analysing your interview" value={null} className="mt-2 w-full max-w-xs text-left" />
        </div>
      )}
    </Card>
  )
}
