import { useEffect, useState } from 'react'

/** How long after its next paint a page counts as settled. */
export const SETTLE_MS = 500

/** The user reaching for the page: each of these runs the deferred work at once. */
const INTENT_EVENTS = ['pointerdown', 'keydown', 'touchstart'] as const

/**
 * Runs `start` once: when the user first presses, touches or types anywhere, or after the page's
 * next paint, `SETTLE_MS` and an idle moment of the browser. For work a screen needs only once
 * the user acts on it, kept off the network and the main thread while the screen first draws.
 * Returns a cancel function.
 */
export function whenSettledOrTouched(start: () => void): () => void {
  let done = false
  let frame = 0
  let timer: ReturnType<typeof setTimeout> | undefined
  let idle = 0
  const run = () => {
    if (done) return
    cancel()
    done = true
    start()
  }
  const cancel = () => {
    for (const type of INTENT_EVENTS) window.removeEventListener(type, run, true)
    cancelAnimationFrame(frame)
    clearTimeout(timer)
    if (idle && typeof cancelIdleCallback === 'function') cancelIdleCallback(idle)
  }
  for (const type of INTENT_EVENTS) window.addEventListener(type, run, { capture: true, passive: true })
  // The next frame's callback runs before that frame paints; the timer counts from after it.
  frame = requestAnimationFrame(() => {
    timer = setTimeout(() => {
      if (typeof requestIdleCallback === 'function') idle = requestIdleCallback(run, { timeout: SETTLE_MS })
      else run()
    }, SETTLE_MS)
  })
  return () => {
    done = true
    cancel()
  }
}

/** False until `whenSettledOrTouched` has fired for the calling component, then true for good. */
export function useSettledOrTouched(): boolean {
  const [settled, setSettled] = useState(false)
  useEffect(() => (settled ? undefined : whenSettledOrTouched(() => setSettled(true))), [settled])
  return settled
}
