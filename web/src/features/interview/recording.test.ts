import { afterEach, describe, expect, it, vi } from 'vitest'
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

/** A recorder that starts only when told to, as a busy browser's may. */
class SlowRecorder extends EventTarget {
  static isTypeSupported = () => true
  state: RecordingState = 'inactive'
  mimeType = 'video/webm'
  start() {
    this.state = 'recording'
  }
  stop() {
    this.state = 'inactive'
    this.dispatchEvent(new Event('stop'))
  }
}

describe('startRecording', () => {
  afterEach(() => {
    vi.unstubAllGlobals()
  })

  it('is started only when the recorder says so, not when asked', async () => {
    const recorders: SlowRecorder[] = []
    vi.stubGlobal(
      'MediaRecorder',
      class extends SlowRecorder {
        constructor() {
          super()
          recorders.push(this)
        }
      },
    )
    const recording = startRecording({} as MediaStream, 1_000, () => {})
    let started = false
    void recording.started.then(() => {
      started = true
    })
    await Promise.resolve()
    expect(started).toBe(false)

    recorders[0]?.dispatchEvent(new Event('start'))
    await recording.started
    expect(started).toBe(true)
  })

  it('settles when the recorder stops before it ever started', async () => {
    vi.stubGlobal('MediaRecorder', SlowRecorder)
    const recording = startRecording({} as MediaStream, 1_000, () => {})
    recording.stop()
    await expect(recording.started).resolves.toBeUndefined()
    expect((await recording.done).size).toBe(0)
  })
})
