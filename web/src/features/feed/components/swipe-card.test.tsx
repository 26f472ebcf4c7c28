import { fireEvent, render, screen } from '@testing-library/react'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { loadCoreSync } from '@/lib/core-sync'
import { SwipeCard, type SwipeAction } from './swipe-card'

beforeAll(async () => {
  await loadCoreSync()
  // jsdom lacks pointer capture; the card only asks for it.
  Element.prototype.setPointerCapture = () => {}
})

function renderCard() {
  const onSwipe = vi.fn<(action: SwipeAction) => void>()
  const onDoubleTap = vi.fn<() => void>()
  render(
    <SwipeCard onSwipe={onSwipe} onDoubleTap={onDoubleTap}>
      <p>Data Analyst</p>
      <button type="button">Share</button>
    </SwipeCard>,
  )
  return { card: screen.getByTestId('swipe-card'), onSwipe, onDoubleTap }
}

/** Sends a pointer event at (x, y) stamped `t` ms, as a browser would (jsdom cannot set the time). */
function pointer(target: Element, type: 'pointerdown' | 'pointermove' | 'pointerup', x: number, y: number, t: number) {
  const event = new PointerEvent(type, { bubbles: true, cancelable: true, pointerId: 1, button: 0, clientX: x, clientY: y })
  Object.defineProperty(event, 'timeStamp', { value: t })
  fireEvent(target, event)
}

/** A press at (0, 0) at `t`, moves through `path` 16 ms apart, and a release at its last point. */
function gesture(target: Element, path: Array<[number, number]>, t = 1000, stepMs = 16) {
  pointer(target, 'pointerdown', 0, 0, t)
  path.forEach(([x, y], i) => pointer(target, 'pointermove', x, y, t + (i + 1) * stepMs))
  const [x, y] = path.at(-1) ?? [0, 0]
  pointer(target, 'pointerup', x, y, t + (path.length + 1) * stepMs)
}

describe('SwipeCard', () => {
  it('lets the core decide a release: far left rejects, far right is next, far down copies', () => {
    const { card, onSwipe } = renderCard()
    gesture(screen.getByText('Data Analyst'), [[-100, 0], [-220, 5]])
    gesture(card, [[120, 0], [240, -10]])
    gesture(card, [[0, 90], [10, 230]])
    expect(onSwipe.mock.calls).toEqual([['reject'], ['next'], ['copyLink']])
  })

  it('follows the core mid-drag and snaps back from a slow short drag or an upward one', async () => {
    const { card, onSwipe, onDoubleTap } = renderCard()
    pointer(card, 'pointerdown', 0, 0, 1000)
    pointer(card, 'pointermove', -60, 0, 1500)
    // The frame's visual comes from the core: the offset, a tilt of dx/20, a fading opacity.
    await new Promise((resolve) => requestAnimationFrame(resolve))
    expect(card.style.transform).toBe('translate3d(-60px, 0px, 0) rotate(-3deg)')
    expect(Number(card.style.opacity)).toBeCloseTo(0.8)
    // Held still before letting go: no speed, and 60 px is short of a long drag.
    pointer(card, 'pointerup', -60, 0, 2000)
    expect(card.style.transform).toBe('')
    expect(card.style.opacity).toBe('')
    gesture(card, [[0, -150], [0, -300]], 3000)
    expect(onSwipe).not.toHaveBeenCalled()
    expect(onDoubleTap).not.toHaveBeenCalled()
  })

  it('takes a quick short flick as a swipe', () => {
    const { card, onSwipe } = renderCard()
    gesture(card, [[-30, 0], [-60, 0]])
    expect(onSwipe.mock.calls).toEqual([['reject']])
  })

  it('applies on two taps within 300 ms, not on slower taps, and not on taps on its buttons', () => {
    const { card, onSwipe, onDoubleTap } = renderCard()
    const share = screen.getByRole('button', { name: 'Share' })
    gesture(share, [[0, 0]], 1000)
    gesture(share, [[0, 0]], 1100)
    expect(onDoubleTap).not.toHaveBeenCalled()
    gesture(card, [[0, 0]], 2000)
    gesture(card, [[1, 1]], 2400)
    expect(onDoubleTap).not.toHaveBeenCalled()
    gesture(card, [[2, 1]], 2600)
    expect(onDoubleTap).toHaveBeenCalledTimes(1)
    expect(onSwipe).not.toHaveBeenCalled()
  })

  it('is back in the centre after a swipe, for a parent that keeps it on screen', () => {
    const { card, onSwipe } = renderCard()
    pointer(card, 'pointerdown', 0, 0, 1000)
    pointer(card, 'pointermove', 0, 120, 1016)
    pointer(card, 'pointermove', 5, 240, 1032)
    card.style.transform = 'translate3d(5px, 240px, 0) rotate(0.25deg)'
    pointer(card, 'pointerup', 5, 240, 1048)
    expect(onSwipe.mock.calls).toEqual([['copyLink']])
    expect(card.style.transform).toBe('')
    expect(card.style.opacity).toBe('')
  })

  it('lets a finger moving down at the top of a scroller inside it swipe the card; scrolled, the scroller pans', () => {
    render(
      <SwipeCard onSwipe={() => {}} onDoubleTap={() => {}}>
        <div data-testid="middle" data-card-scroller="">
          <p>Long description</p>
        </div>
        <div data-testid="plain">Footer</div>
      </SwipeCard>,
    )
    const middle = screen.getByTestId('middle')
    // At its top: only a finger moving up pans it (the content scrolls down).
    expect(middle.style.touchAction).toBe('pan-down')
    let top = 0
    Object.defineProperty(middle, 'scrollTop', { get: () => top })
    top = 120
    fireEvent.scroll(middle)
    expect(middle.style.touchAction).toBe('pan-y')
    top = 0
    fireEvent.scroll(middle)
    expect(middle.style.touchAction).toBe('pan-down')
    // Only marked scrollers are touched.
    expect(screen.getByTestId('plain').style.touchAction).toBe('')
  })

  it('ignores a press while disabled', () => {
    const onSwipe = vi.fn<(action: SwipeAction) => void>()
    render(
      <SwipeCard onSwipe={onSwipe} onDoubleTap={() => {}} disabled>
        <p>Busy</p>
      </SwipeCard>,
    )
    gesture(screen.getByTestId('swipe-card'), [[-300, 0]])
    expect(onSwipe).not.toHaveBeenCalled()
  })
})
