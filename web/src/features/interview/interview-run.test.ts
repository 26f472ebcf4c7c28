import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { LateRecorder } from '@/testing/late-recorder'
import { InterviewRun, type RunEvents } from './interview-run'

const MAX_ANSWER_MS = 60_000

function newRun() {
  const events = {
    onQuestion: vi.fn<RunEvents['onQuestion']>(),
    onRecording: vi.fn<RunEvents['onRecording']>(),
    onAnswer: vi.fn<RunEvents['onAnswer']>(),
    onFinished: vi.fn<RunEvents['onFinished']>(),
    onError: vi.fn<RunEvents['onError']>(),
    onAbort: vi.fn<RunEvents['onAbort']>(),
  }
  const run = new InterviewRun({
    stream: {} as MediaStream,
    questions: [1, 2].map((id) => ({ id, question: `Question ${id}?`, displayTime: 1, kind: 'general' as const })),
    probe: null,
    video: () => null,
    detector: null,
    chunkMs: 1_000,
    maxAnswerMs: MAX_ANSWER_MS,
    events,
  })
  return { run, events }
}

describe('InterviewRun with a recorder that starts late', () => {
  beforeEach(() => {
    LateRecorder.reset()
    vi.stubGlobal('MediaRecorder', LateRecorder)
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
    vi.unstubAllGlobals()
  })

  it('starts the answer and its limit when the recorder starts, not when it was asked to', async () => {
    const { run, events } = newRun()
    run.start()
    await vi.advanceTimersByTimeAsync(1_000)
    expect(LateRecorder.made).toHaveLength(1)
    expect(events.onRecording).not.toHaveBeenCalled()

    await vi.advanceTimersByTimeAsync(2_000)
    LateRecorder.made[0]?.dispatchEvent(new Event('start'))
    await vi.advanceTimersByTimeAsync(0)
    expect(events.onRecording).toHaveBeenCalledTimes(1)
    expect(events.onRecording).toHaveBeenCalledWith(0, expect.any(Number))

    await vi.advanceTimersByTimeAsync(MAX_ANSWER_MS - 1)
    expect(events.onAnswer).not.toHaveBeenCalled()
    await vi.advanceTimersByTimeAsync(1)
    expect(events.onAnswer).toHaveBeenCalledTimes(1)
    expect(events.onQuestion).toHaveBeenCalledTimes(2)
    run.dispose()
  })

  it('ends an answer whose recorder never starts at the limit, and goes on', async () => {
    const { run, events } = newRun()
    run.start()
    await vi.advanceTimersByTimeAsync(1_000 + MAX_ANSWER_MS)
    expect(events.onRecording).not.toHaveBeenCalled()
    expect(events.onAnswer).toHaveBeenCalledTimes(1)
    expect(events.onQuestion).toHaveBeenCalledTimes(2)
    run.dispose()
  })

  it('takes Next before the recorder started, and ignores the start that comes after', async () => {
    const { run, events } = newRun()
    run.start()
    await vi.advanceTimersByTimeAsync(1_000)
    const first = LateRecorder.made[0]
    run.next()
    await vi.advanceTimersByTimeAsync(0)
    expect(events.onAnswer).toHaveBeenCalledTimes(1)

    first?.dispatchEvent(new Event('start'))
    await vi.advanceTimersByTimeAsync(MAX_ANSWER_MS)
    expect(events.onRecording).not.toHaveBeenCalledWith(0, expect.any(Number))
    run.dispose()
  })
})
