import { useEffect, useState } from 'react'
import { useHydrated } from '@/lib/use-hydrated'

/** Whether the user asked for less motion. */
function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches
}

/**
 * Counts from 0 up to `target` over `durationMs` (ease-out); shows `target` at once under reduced
 * motion.
 */
function useCountUp(target: number, durationMs: number): number {
  // Asked only once the page is the app's: the prerendered HTML always starts at 0.
  const reduced = useHydrated() && prefersReducedMotion()
  const [value, setValue] = useState(0)
  useEffect(() => {
    if (reduced) return
    let frame = 0
    let start: number | null = null
    const tick = (time: number) => {
      // Timed from the first frame: a frame's timestamp can precede performance.now() at effect time.
      start ??= time
      const progress = Math.min(1, Math.max(0, (time - start) / durationMs))
      setValue(Math.round(target * (1 - (1 - progress) ** 3)))
      if (progress < 1) frame = requestAnimationFrame(tick)
    }
    frame = requestAnimationFrame(tick)
    return () => cancelAnimationFrame(frame)
  }, [reduced, target, durationMs])
  return reduced ? target : value
}

/**
 * A number that counts up over 2 seconds (e.g. "1247+"). Screen readers get
 * the final value once instead of every intermediate one.
 */
export function AnimatedNumber({ value, suffix = '', durationMs = 2000 }: { value: number; suffix?: string; durationMs?: number }) {
  const shown = useCountUp(value, durationMs)
  return (
    <>
      <span aria-hidden="true" className="tabular-nums">
        {shown}
        {suffix}
      </span>
      <span className="sr-only">
        {value}
        {suffix}
      </span>
    </>
  )
}
