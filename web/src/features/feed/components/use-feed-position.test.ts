import { act, renderHook } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { Job } from '../api/types'
import { advance, undoMove, useFeedPosition, type FeedPosition } from './use-feed-position'

const job = (id: string) => ({ id }) as Job

describe('feed position', () => {
  it('remembers every move and what it rejected, and undo walks back through them', () => {
    let position: FeedPosition = { index: 0, history: [] }
    position = advance(advance(position), 'b')
    expect(position).toEqual({
      index: 2,
      history: [
        { from: 0, rejectedJobId: null },
        { from: 1, rejectedJobId: 'b' },
      ],
    })
    position = undoMove(position)
    expect(position).toEqual({ index: 1, history: [{ from: 0, rejectedJobId: null }] })
    position = undoMove(undoMove(position))
    expect(position).toEqual({ index: 0, history: [] })
  })

  it('moves past a job only while it is the card shown, and undo says what it took back', () => {
    const jobs = [job('a'), job('b'), job('c')]
    const { result } = renderHook(() => useFeedPosition(jobs))
    act(() => result.current.advancePast(job('a'), { rejected: true }))
    expect(result.current.index).toBe(1)
    // A late answer about "a" (already passed) does not skip "b".
    act(() => result.current.advancePast(job('a')))
    expect(result.current.index).toBe(1)
    expect(result.current.canUndo).toBe(true)
    let undone = null as ReturnType<typeof result.current.undo>
    act(() => {
      undone = result.current.undo()
    })
    expect(undone).toEqual({ from: 0, rejectedJobId: 'a' })
    expect(result.current.index).toBe(0)
    act(() => result.current.advancePast(job('a')))
    act(() => result.current.reset())
    expect(result.current).toMatchObject({ index: 0, canUndo: false })
  })
})
