import { useEffect, useRef } from 'react'
import type { SwipeAction } from './swipe-card'

/** Whether a key press belongs to something else: a field being typed in, or an open dialog. */
function keyIsTaken(event: KeyboardEvent): boolean {
  if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || event.repeat) return true
  if (document.querySelector('[aria-modal="true"]')) return true
  const target = event.target instanceof Element ? event.target : null
  return target?.closest('input, textarea, select, [contenteditable="true"]') != null
}

/** ← reject, → next, ↓ copy the link, Enter apply, Backspace undo (`undo` null while busy). */
export function useFeedKeys({ act, undo }: { act: (action: SwipeAction | 'apply') => void; undo: (() => void) | null }) {
  const handlers = useRef({ act, undo })
  useEffect(() => {
    handlers.current = { act, undo }
  }, [act, undo])

  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (keyIsTaken(event)) return
      const onControl = event.target instanceof Element && event.target.closest('a, button') !== null
      const { act: run, undo: back } = handlers.current
      switch (event.key) {
        case 'ArrowLeft':
          run('reject')
          break
        case 'ArrowRight':
          run('next')
          break
        case 'ArrowDown':
          run('copyLink')
          break
        case 'Enter':
          // Enter on a focused button or link is that control's own click.
          if (onControl) return
          run('apply')
          break
        case 'Backspace':
          back?.()
          break
        default:
          return
      }
      event.preventDefault()
    }
    document.addEventListener('keydown', onKeyDown)
    return () => document.removeEventListener('keydown', onKeyDown)
  }, [])
}
