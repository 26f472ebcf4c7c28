import { act, renderHook } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { Job } from '../api/types'
import { advance, undoMove, useFeedPosition } from './use-feed-position'

const job = (id: string) => ({ id }) as Job

describe('feed position', () => {
  it('remembers every position moved from, and undo walks back through them', () => {
    let position = { index: 0, history: [] as number[] }
    position = advance(advance(position))
    expect(position).toEqual({ index: 2, history: [0, 1] })
    position = undoMove(position)
    expect(position).toEqual({ index: 1, history: [0] })
    position = undoMove(undoMove(position))
    expect(position).toEqual({ index: 0, history: [] })
  })

  it('moves past a job only while it is the card shown', () => {
    const jobs = [job('a'), job('b'), job('c')]
    const { result } = renderHook(() => useFeedPosition(jobs))
    act(() => result.current.advancePast(job('a')))
    expect(result.current.index).toBe(1)
    // A late answer about "a" (already passed) does not skip "b".
    act(() => result.current.advancePast(job('a')))
    expect(result.current.index).toBe(1)
    expect(result.current.canUndo).toBe(true)
    act(() => result.current.undo())
    expect(result.current.index).toBe(0)
    act(() => result.current.advancePast(job('a')))
    act(() => result.current.reset())
    expect(result.current).toMatchObject({ index: 0, canUndo: false })
  })
})
