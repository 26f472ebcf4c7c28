// The Rust core on the main thread, for work that cannot wait for a worker
// round trip: a drag calls `cardVisual` on every frame and `decideSwipe` once
// per release, and a tap asks the double-tap detector. It is the same wasm
// package the core worker runs (one set of rules), instantiated here a second
// time, lazily: the swipe card asks for it with `useCoreSync()` once the page
// has settled or is touched.
import { useEffect, useSyncExternalStore } from 'react'
import type { CardVisual, SwipeDecision } from '@/generated/core-types'
import { whenSettledOrTouched } from '../when-settled-or-touched'
import init, * as wasm from '../core-worker/pkg/jobtap_wasm.js'

/** What releasing a dragged card does, and the card's clamped offset (px), tilt (degrees) and opacity mid-drag. */
export type { CardVisual, SwipeDecision }

/** Counts taps and says when two make a double tap; `free()` releases its wasm memory. */
export type DoubleTapDetector = { tap(tMs: number): boolean; reset(): void; free(): void }

/** The core's gesture rules the card runs on the page's thread. */
export type CoreSync = {
  decideSwipe(dx: number, dy: number, vx: number, vy: number): SwipeDecision
  cardVisual(dx: number, dy: number): CardVisual
  createDoubleTapDetector(): DoubleTapDetector
}

const api: CoreSync = {
  decideSwipe: (dx, dy, vx, vy) => wasm.decideSwipe(dx, dy, vx, vy),
  cardVisual: (dx, dy) => wasm.cardVisual(dx, dy),
  createDoubleTapDetector: () => new wasm.DoubleTapDetector(),
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
    if (ready) return
    // The wasm (about 200 KB compressed) would share a slow phone connection with the first
    // card's code and data and delay the card by about a second; buttons and keys work without it.
    return whenSettledOrTouched(() => {
      loadCoreSync().catch((error: unknown) => console.error('The core did not load', error))
    })
  }, [])
  return loaded ? api : null
}
