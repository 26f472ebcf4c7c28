import { act, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { AnimatedNumber } from './animated-number'

let frames: Array<(time: number) => void> = []

/** Runs the pending animation frame at `time` ms. */
function frameAt(time: number) {
  const pending = frames
  frames = []
  act(() => {
    for (const callback of pending) callback(time)
  })
}

function shown() {
  return document.querySelector('[aria-hidden="true"]')?.textContent
}

describe('AnimatedNumber', () => {
  beforeEach(() => {
    frames = []
    vi.stubGlobal('requestAnimationFrame', (callback: (time: number) => void) => frames.push(callback))
    vi.stubGlobal('cancelAnimationFrame', () => {})
  })

  afterEach(() => {
    vi.unstubAllGlobals()
  })

  it('counts up from 0 to the value over 2 seconds, never below 0', () => {
    render(<AnimatedNumber value={1247} suffix="+" />)
    expect(shown()).toBe('0+')
    frameAt(5_000)
    expect(shown()).toBe('0+')
    frameAt(6_000)
    const halfway = Number.parseInt(shown() ?? '', 10)
    expect(halfway).toBeGreaterThan(0)
    expect(halfway).toBeLessThan(1247)
    frameAt(7_000)
    expect(shown()).toBe('1247+')
    expect(frames).toHaveLength(0)
    // Screen readers get the final value only.
    expect(screen.getByText('1247+', { selector: '.sr-only' })).toBeInTheDocument()
  })

  it('shows the value at once when reduced motion is preferred', () => {
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: query.includes('reduce') }))
    render(<AnimatedNumber value={95} suffix="%" />)
    expect(shown()).toBe('95%')
    expect(frames).toHaveLength(0)
  })
})
