// The Rust core on the main thread, for work that cannot wait for a worker
// round trip: a drag calls `cardVisual` on every frame and `decideSwipe` once
// per release, and the job card formats itself while it renders. It is the same
// wasm package the core worker runs (one set of rules), instantiated here a
// second time, lazily: route loaders of the pages that need it await
// `loadCoreSync()`, so their components call `coreSync()` synchronously.
import { useEffect, useSyncExternalStore } from 'react'
import type { RoleStyle } from '../core-worker'
import init, * as wasm from '../core-worker/pkg/jobtap_wasm.js'

/** What releasing a dragged card does (core `gesture::SwipeDecision`). */
export type SwipeDecision = 'reject' | 'next' | 'copyLink' | 'snapBack'

/** The card's clamped offset (px), tilt (degrees) and opacity mid-drag. */
export type CardVisual = { x: number; y: number; rotateDeg: number; opacity: number }

/** The gesture numbers the page sets its drag up with (spec, candidate §9). */
export type GestureConstants = { dragBounds: number; doubleTapWindowMs: number }

/** The first entries of a list and, when some are hidden, the note saying how many. */
export type CollapsedList = { shown: string[]; moreNote: string | null }

// One declaration of the role style for both instances of the core.
export type { RoleStyle }

/** Counts taps and says when two make a double tap; `free()` releases its wasm memory. */
export type DoubleTapDetector = { tap(tMs: number): boolean; reset(): void; free(): void }

/** The core's card and gesture rules, typed (the bindings return untyped values). */
export type CoreSync = {
  decideSwipe(dx: number, dy: number, vx: number, vy: number): SwipeDecision
  cardVisual(dx: number, dy: number): CardVisual
  gestureConstants(): GestureConstants
  createDoubleTapDetector(): DoubleTapDetector
  collapseRequirements(requirements: string[]): CollapsedList
  benefitTags(benefits: string[]): CollapsedList
  formatSalaryRange(min: number | null, max: number | null): string
  formatPosted(postedAtMs: number): string
  formatDate(unixMs: number): string
  roleStyle(jobTitle: string): RoleStyle
  descriptionPreview(description: string): string
}

function collapsed(value: unknown): CollapsedList {
  const list = value as { shown?: unknown; moreNote?: unknown } | null
  return {
    shown: Array.isArray(list?.shown) ? (list.shown as string[]) : [],
    moreNote: typeof list?.moreNote === 'string' ? list.moreNote : null,
  }
}

const api: CoreSync = {
  decideSwipe: (dx, dy, vx, vy) => wasm.decideSwipe(dx, dy, vx, vy) as SwipeDecision,
  cardVisual: (dx, dy) => wasm.cardVisual(dx, dy) as CardVisual,
  gestureConstants: () => wasm.gestureConstants() as GestureConstants,
  createDoubleTapDetector: () => new wasm.DoubleTapDetector(),
  collapseRequirements: (requirements) => collapsed(wasm.collapseRequirements(requirements)),
  benefitTags: (benefits) => collapsed(wasm.benefitTags(benefits)),
  formatSalaryRange: (min, max) => wasm.formatSalaryRange(min, max),
  formatPosted: (postedAtMs) => wasm.formatPosted(postedAtMs),
  formatDate: (unixMs) => wasm.formatDate(unixMs),
  roleStyle: (jobTitle) => wasm.roleStyle(jobTitle) as RoleStyle,
  descriptionPreview: (description) => wasm.descriptionPreview(description),
}

let loading: Promise<CoreSync> | undefined
let ready = false
const readyListeners = new Set<() => void>()

/**
 * Instantiates the wasm once; later calls share the first load. A failed load
 * (a dropped connection) is forgotten, so the next visit tries again.
 */
export function loadCoreSync(): Promise<CoreSync> {
  loading ??= init().then(
    () => {
      ready = true
      for (const listener of readyListeners) listener()
      return api
    },
    (error: unknown) => {
      loading = undefined
      throw error
    },
  )
  return loading
}

/** The core, for code that runs after a route loader awaited `loadCoreSync()`. */
export function coreSync(): CoreSync {
  if (!ready) throw new Error('The core is not loaded: await loadCoreSync() in the route loader first')
  return api
}

function onReady(listener: () => void): () => void {
  readyListeners.add(listener)
  return () => readyListeners.delete(listener)
}

/**
 * The core once loaded, else null; mounting starts the load. For components that can show
 * themselves without it and need it only to respond (the swipe card's gestures): the feed
 * paints its first card from the server's formatted fields while the wasm arrives.
 */
export function useCoreSync(): CoreSync | null {
  const loaded = useSyncExternalStore(
    onReady,
    () => ready,
    () => false,
  )
  useEffect(() => {
    if (!ready) loadCoreSync().catch((error: unknown) => console.error('The core did not load', error))
  }, [])
  return loaded ? api : null
}
