import { afterEach, describe, expect, it, vi } from 'vitest'
import { LateRecorder } from '@/testing/late-recorder'
import { pickMimeType, startRecording } from './recording'

describe('pickMimeType (spec, candidate §9)', () => {
  it.each<[string[], string | undefined]>([
    [['video/webm;codecs=vp8,opus', 'video/webm', 'video/mp4'], 'video/webm;codecs=vp8,opus'],
    [['video/webm', 'video/mp4'], 'video/webm'],
    [['video/mp4'], 'video/mp4'],
    [[], undefined],
  ])('with %j supported picks %s', (supported, expected) => {
    expect(pickMimeType((type) => supported.includes(type))).toBe(expected)
  })
})

describe('startRecording', () => {
  afterEach(() => {
    vi.unstubAllGlobals()
  })

  it('is started only when the recorder says so, not when asked', async () => {
    LateRecorder.reset()
    vi.stubGlobal('MediaRecorder', LateRecorder)
    const recording = startRecording({} as MediaStream, 1_000, () => {})
    let started = false
    void recording.started.then(() => {
      started = true
    })
    await Promise.resolve()
    expect(started).toBe(false)

    LateRecorder.made[0]?.dispatchEvent(new Event('start'))
    await recording.started
    expect(started).toBe(true)
  })

  it('settles when the recorder stops before it ever started', async () => {
    vi.stubGlobal('MediaRecorder', LateRecorder)
    const recording = startRecording({} as MediaStream, 1_000, () => {})
    recording.stop()
    await expect(recording.started).resolves.toBeUndefined()
    expect((await recording.done).size).toBe(0)
  })
})
