import { useCallback, useEffect, useRef, useState } from 'react'
import type { Job } from '../api/types'

/** One move through the feed: the position it left, and the job it rejected, if any. */
export type Move = { from: number; rejectedJobId: string | null }
/** Where the candidate is in the feed, and the moves they made (for undo). */
export type FeedPosition = { index: number; history: Move[] }

/** The position after moving past the card at `index`, rejecting `rejectedJobId` if given. */
export function advance(position: FeedPosition, rejectedJobId: string | null = null): FeedPosition {
  return { index: position.index + 1, history: [...position.history, { from: position.index, rejectedJobId }] }
}

/** The position before the last move; unchanged when there is nothing to undo. */
export function undoMove(position: FeedPosition): FeedPosition {
  const last = position.history.at(-1)
  if (last === undefined) return position
  return { index: last.from, history: position.history.slice(0, -1) }
}

/**
 * The feed's card index with undo. `advancePast(job)` moves on only while `job`
 * is still the card shown, so a late answer (an application, an overlay's
 * timer) never skips a card the candidate has not seen. `undo()` returns the
 * move it took back, so a rejection can be withdrawn on the server too.
 */
export function useFeedPosition(jobs: Job[]) {
  const [position, setPosition] = useState<FeedPosition>({ index: 0, history: [] })
  const jobsRef = useRef(jobs)
  const positionRef = useRef(position)
  useEffect(() => {
    jobsRef.current = jobs
  }, [jobs])
  useEffect(() => {
    positionRef.current = position
  }, [position])

  const advancePast = useCallback((job: Job, options: { rejected?: boolean } = {}) => {
    setPosition((current) =>
      jobsRef.current[current.index]?.id === job.id ? advance(current, options.rejected ? job.id : null) : current,
    )
  }, [])
  const undo = useCallback((): Move | null => {
    const last = positionRef.current.history.at(-1) ?? null
    setPosition(undoMove)
    return last
  }, [])
  const reset = useCallback(() => setPosition({ index: 0, history: [] }), [])

  return {
    index: position.index,
    canUndo: position.history.length > 0,
    /** How many swipes undo can still take back. */
    undoDepth: position.history.length,
    advancePast,
    undo,
    reset,
  }
}
