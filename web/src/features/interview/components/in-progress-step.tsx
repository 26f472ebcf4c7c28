import { ArrowRight, Flag } from 'lucide-react'
import { useEffect, useState, type RefObject } from 'react'
import { Button } from '@/components/button'
import type { InterviewQuestion } from '@/lib/core-worker'
import { CameraPreview } from './camera-preview'

export type InterviewPhase =
  | { kind: 'question'; startedAt: number; displayMs: number }
  | { kind: 'recording'; startedAt: number }

type InProgressStepProps = {
  questions: InterviewQuestion[]
  index: number
  phase: InterviewPhase
  answered: number
  maxAnswerSeconds: number
  stream: MediaStream | null
  videoRef: RefObject<HTMLVideoElement | null>
  onNext: () => void
}

/** Milliseconds since `startedAt` (performance.now()), refreshed a few times a second. Callers are keyed per phase. */
function useElapsed(startedAt: number): number {
  const [now, setNow] = useState(() => performance.now())
  useEffect(() => {
    const timer = setInterval(() => setNow(performance.now()), 250)
    return () => clearInterval(timer)
  }, [])
  return Math.max(0, now - startedAt)
}

function clock(seconds: number): string {
  const whole = Math.floor(seconds)
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`
}

/** In progress (spec, candidate §2): the question over the camera, the recording indicator and the progress bar. */
export function InProgressStep({
  questions,
  index,
  phase,
  answered,
  maxAnswerSeconds,
  stream,
  videoRef,
  onNext,
}: InProgressStepProps) {
  const question = questions[index]
  const total = questions.length
  const isLast = index + 1 === total
  return (
    <div className="mx-auto max-w-4xl space-y-4">
      <div className="space-y-2">
        <div className="flex items-baseline justify-between text-sm font-medium text-slate-700">
          <span>
            Question {index + 1} of {total}
          </span>
          <span>
            {answered} of {total} answered
          </span>
        </div>
        <div
          role="progressbar"
          aria-label="Interview progress"
          aria-valuemin={0}
          aria-valuemax={total}
          aria-valuenow={answered}
          aria-valuetext={`${answered} of ${total} questions answered`}
          className="h-2 overflow-hidden rounded-full bg-slate-200"
        >
          <div
            className="h-full rounded-full bg-linear-to-r from-brand-600 to-accent-500 transition-[width] duration-500"
            style={{ width: `${(answered / total) * 100}%` }}
          />
        </div>
      </div>

      <CameraPreview stream={stream} videoRef={videoRef}>
        <div className="absolute inset-x-0 top-0 bg-linear-to-b from-black/80 to-transparent p-4 pb-10 sm:p-6 sm:pb-12">
          <p className="text-xs font-semibold tracking-wide text-white/70 uppercase">Question {index + 1}</p>
          <h2 aria-live="polite" className="mt-1 text-lg font-semibold text-white sm:text-xl">
            {question?.question}
          </h2>
        </div>
        {phase.kind === 'question' ? (
          <Countdown key={`${index}-question`} startedAt={phase.startedAt} displayMs={phase.displayMs} />
        ) : (
          <RecordingIndicator key={`${index}-recording`} startedAt={phase.startedAt} maxSeconds={maxAnswerSeconds} />
        )}
      </CameraPreview>

      <div className="flex justify-end">
        <Button onClick={onNext} disabled={phase.kind !== 'recording'}>
          {isLast ? <Flag aria-hidden="true" /> : <ArrowRight aria-hidden="true" />}
          {isLast ? 'Finish Interview' : 'Next Question'}
        </Button>
      </div>
    </div>
  )
}

function Countdown({ startedAt, displayMs }: { startedAt: number; displayMs: number }) {
  const elapsed = useElapsed(startedAt)
  const left = Math.max(0, Math.ceil((displayMs - elapsed) / 1000))
  return (
    <div className="absolute inset-x-0 bottom-0 bg-linear-to-t from-black/70 to-transparent p-4 pt-10 text-sm font-medium text-white sm:p-6">
      Read the question. Recording starts in {left} s
    </div>
  )
}

function RecordingIndicator({ startedAt, maxSeconds }: { startedAt: number; maxSeconds: number }) {
  const seconds = Math.min(maxSeconds, useElapsed(startedAt) / 1000)
  return (
    <div
      role="status"
      aria-label="Recording"
      className="absolute bottom-4 left-4 inline-flex items-center gap-2 rounded-full bg-black/70 px-3 py-1.5 text-sm font-semibold text-white sm:bottom-6 sm:left-6"
    >
      <span aria-hidden="true" className="size-2.5 animate-pulse rounded-full bg-red-500" />
      Recording
      <span className="font-mono tabular-nums">
        {clock(seconds)} / {clock(maxSeconds)}
      </span>
    </div>
  )
}
