import { useEffect, useRef, type PointerEvent as ReactPointerEvent, type ReactNode, type UIEvent as ReactUIEvent } from 'react'
import { useCoreSync, type DoubleTapDetector, type SwipeDecision } from '@/lib/core-sync'

/** A swipe that acts: everything the core decides except "snapBack". */
export type SwipeAction = Exclude<SwipeDecision, 'snapBack'>

/**
 * How far (px) a press may wander and still count as a tap. Not a swipe rule:
 * it only tells a tap from a drag that the core sent back to the centre.
 */
const TAP_SLOP_PX = 8
/** The release velocity is measured over the last this many ms of the drag. */
const VELOCITY_WINDOW_MS = 100
/** How long after a double tap the browser's click for its second tap may still come. */
const CLICK_AFTER_TAP_MS = 500
/** Elements inside the card that keep their own clicks instead of starting a drag. */
const INTERACTIVE = 'a, button, input, select, textarea, label, [role="dialog"]'

/**
 * Marks a vertical scroller inside the card (the job card's middle). How a finger that starts on it
 * is shared, like pull-to-refresh: scrolled into its content, it scrolls both ways (`pan-y`); at its
 * top, it scrolls only when the finger moves up (`pan-down`), so a finger moving down from there
 * drags the card and swipes down. Sideways is never the scroller's. The browser settles this when
 * the finger lands, so the value is kept up to date as the scroller scrolls, before any touch.
 */
const CARD_SCROLLER = 'data-card-scroller'

/** Gives `scroller` the touch-action its scroll position calls for (see {@link CARD_SCROLLER}). */
function shareTouches(scroller: HTMLElement) {
  const touchAction = scroller.scrollTop <= 0 ? 'pan-down' : 'pan-y'
  if (scroller.style.touchAction !== touchAction) scroller.style.touchAction = touchAction
}

type Sample = { x: number; y: number; t: number }
type Drag = { pointerId: number; startX: number; startY: number; dx: number; dy: number; samples: Sample[] }

/** Release velocity in px/ms, from the oldest sample inside the window to the release. */
function velocity(samples: Sample[], end: Sample): { vx: number; vy: number } {
  const from = samples.find((s) => end.t - s.t <= VELOCITY_WINDOW_MS) ?? end
  const dt = end.t - from.t
  if (dt <= 0) return { vx: 0, vy: 0 }
  return { vx: (end.x - from.x) / dt, vy: (end.y - from.y) / dt }
}

/**
 * Cancels the click the browser sends for the second tap of a double tap. After a touch it is
 * aimed at whatever is under the finger once the tap is handled: the dialog the double tap just
 * opened, whose backdrop would close it at once. A click that comes later is left alone.
 */
function swallowClickAfter(tapAt: number) {
  function onClick(event: MouseEvent) {
    document.removeEventListener('click', onClick, true)
    if (event.timeStamp - tapAt < CLICK_AFTER_TAP_MS) {
      event.preventDefault()
      event.stopPropagation()
    }
  }
  document.addEventListener('click', onClick, true)
}

type SwipeCardProps = {
  children: ReactNode
  /**
   * A release the core decided is a swipe (left, right or down). The card is already on its way back
   * to the centre: to move on, the parent mounts the next job's card in its place.
   */
  onSwipe: (action: SwipeAction) => void
  /** Two taps within the core's double-tap window. */
  onDoubleTap: () => void
  /** While the card is busy (an overlay, an application being sent), it does not move. */
  disabled?: boolean
}

/**
 * The draggable card (spec, candidate §4 "Swipe feed"). Pointer events move it;
 * each frame's position, tilt and opacity come from the core's `cardVisual`
 * and are written straight to the element's style (no React render per frame),
 * and the release is decided once by the core's `decideSwipe`. Both run on the
 * main thread (core-sync), so a drag never waits for the worker. The card shows before that
 * core has loaded (its text comes formatted from the server); until then it does not move.
 * A finger on a scroller inside the card is shared with it as {@link CARD_SCROLLER} says.
 *
 * Mount one per job (`key={job.id}`): a new card starts centred with no pending tap.
 */
export function SwipeCard({ children, onSwipe, onDoubleTap, disabled = false }: SwipeCardProps) {
  const ref = useRef<HTMLDivElement>(null)
  const drag = useRef<Drag | null>(null)
  const frame = useRef(0)
  const detector = useRef<DoubleTapDetector | null>(null)
  const core = useCoreSync()

  useEffect(() => {
    if (!core) return
    const tapDetector = core.createDoubleTapDetector()
    detector.current = tapDetector
    return () => {
      detector.current = null
      cancelAnimationFrame(frame.current)
      tapDetector.free()
    }
  }, [core])

  // The card's scrollers start at their top; later, each scroll event says where they are.
  useEffect(() => {
    ref.current?.querySelectorAll<HTMLElement>(`[${CARD_SCROLLER}]`).forEach(shareTouches)
  }, [])

  function onScrollCapture(event: ReactUIEvent<HTMLDivElement>) {
    const target = event.target
    if (target instanceof HTMLElement && target.hasAttribute(CARD_SCROLLER)) shareTouches(target)
  }

  function paint() {
    frame.current = 0
    const el = ref.current
    const current = drag.current
    if (!el || !current || !core) return
    const visual = core.cardVisual(current.dx, current.dy)
    el.style.transform = `translate3d(${visual.x}px, ${visual.y}px, 0) rotate(${visual.rotateDeg}deg)`
    el.style.opacity = String(visual.opacity)
  }

  function settle() {
    const el = ref.current
    if (!el) return
    el.style.transition = 'transform 200ms ease-out, opacity 200ms ease-out'
    el.style.transform = ''
    el.style.opacity = ''
  }

  function onPointerDown(event: ReactPointerEvent<HTMLDivElement>) {
    if (disabled || !core || event.button !== 0 || drag.current) return
    const target = event.target as Element
    // Portalled dialogs bubble through React's tree, not the DOM's: only presses on the card itself drag it.
    if (!event.currentTarget.contains(target) || target.closest(INTERACTIVE)) return
    event.currentTarget.setPointerCapture(event.pointerId)
    event.currentTarget.style.transition = 'none'
    const sample = { x: event.clientX, y: event.clientY, t: event.timeStamp }
    drag.current = { pointerId: event.pointerId, startX: sample.x, startY: sample.y, dx: 0, dy: 0, samples: [sample] }
  }

  function onPointerMove(event: ReactPointerEvent<HTMLDivElement>) {
    const current = drag.current
    if (!current || event.pointerId !== current.pointerId) return
    current.dx = event.clientX - current.startX
    current.dy = event.clientY - current.startY
    const sample = { x: event.clientX, y: event.clientY, t: event.timeStamp }
    current.samples.push(sample)
    while (current.samples.length > 2 && sample.t - (current.samples[0]?.t ?? sample.t) > VELOCITY_WINDOW_MS) {
      current.samples.shift()
    }
    if (frame.current === 0) frame.current = requestAnimationFrame(paint)
  }

  function onPointerUp(event: ReactPointerEvent<HTMLDivElement>) {
    const current = drag.current
    if (!current || !core || event.pointerId !== current.pointerId) return
    drag.current = null
    cancelAnimationFrame(frame.current)
    frame.current = 0
    const end = { x: event.clientX, y: event.clientY, t: event.timeStamp }
    const dx = end.x - current.startX
    const dy = end.y - current.startY
    const { vx, vy } = velocity(current.samples, end)
    const decision = core.decideSwipe(dx, dy, vx, vy)
    // Back to the centre whatever the release meant: a swipe that moves on replaces this card (one
    // per job), and one that keeps the job on screen (copying its link) shows it back in place.
    settle()
    if (decision !== 'snapBack') {
      onSwipe(decision)
      return
    }
    if (Math.hypot(dx, dy) <= TAP_SLOP_PX && detector.current?.tap(event.timeStamp)) {
      swallowClickAfter(event.timeStamp)
      onDoubleTap()
    }
  }

  function onPointerCancel(event: ReactPointerEvent<HTMLDivElement>) {
    if (drag.current?.pointerId !== event.pointerId) return
    drag.current = null
    settle()
  }

  return (
    <div
      ref={ref}
      data-testid="swipe-card"
      data-gestures={core ? 'ready' : 'loading'}
      className="relative w-full cursor-grab touch-none select-none will-change-transform active:cursor-grabbing"
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={onPointerCancel}
      onScrollCapture={onScrollCapture}
    >
      {children}
    </div>
  )
}
