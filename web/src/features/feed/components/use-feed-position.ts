import { useCallback, useEffect, useRef, useState } from 'react'
import type { Job } from '../api/types'

/** Where the candidate is in the feed, and the positions they swiped from (for undo). */
export type FeedPosition = { index: number; history: number[] }

/** The position after moving past the card at `index`. */
export function advance(position: FeedPosition): FeedPosition {
  return { index: position.index + 1, history: [...position.history, position.index] }
}

/** The position before the last move; unchanged when there is nothing to undo. */
export function undoMove(position: FeedPosition): FeedPosition {
  const previous = position.history.at(-1)
  if (previous === undefined) return position
  return { index: previous, history: position.history.slice(0, -1) }
}

/**
 * The feed's card index with undo. `advancePast(job)` moves on only while `job`
 * is still the card shown, so a late answer (an application, an overlay's
 * timer) never skips a card the candidate has not seen.
 */
export function useFeedPosition(jobs: Job[]) {
  const [position, setPosition] = useState<FeedPosition>({ index: 0, history: [] })
  const jobsRef = useRef(jobs)
  useEffect(() => {
    jobsRef.current = jobs
  }, [jobs])

  const advancePast = useCallback((job: Job) => {
    setPosition((current) => (jobsRef.current[current.index]?.id === job.id ? advance(current) : current))
  }, [])
  const undo = useCallback(() => setPosition(undoMove), [])
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
