// One interview's timeline (spec, candidate §4 "Interview flow"): each question
// is shown for its display time, then its answer is recorded and measured
// until Next or the 60-second limit; after the last answer the run is finished.
import type { AnswerMeasurement, InterviewQuestion } from '@/lib/core-worker'
import { AnswerMeter, type AudioProbe } from './answer-meter'
import type { FaceDetectorLike } from './face-tracking'
import { MESSAGES } from './messages'
import { startRecording, type AnswerRecording } from './recording'

/** A finished answer: what was measured, and its video for replay (an object URL the page revokes). */
export type RecordedAnswer = {
  measurement: AnswerMeasurement
  video: { url: string; type: string } | null
}

export type RunEvents = {
  /** Question `index` is shown for `displayMs` from `at` (performance.now()). */
  onQuestion(index: number, at: number, displayMs: number): void
  /** Recording of answer `index` started at `at`. */
  onRecording(index: number, at: number): void
  onAnswer(index: number, answer: RecordedAnswer): void
  /** Every question was answered. */
  onFinished(answers: RecordedAnswer[]): void
  /** A problem worth a toast; the run goes on. */
  onError(message: string): void
  /** The run cannot go on (recording would not start). */
  onAbort(message: string): void
}

export type RunOptions = {
  stream: MediaStream
  questions: InterviewQuestion[]
  probe: AudioProbe | null
  /** The live preview, sampled for faces. */
  video: () => HTMLVideoElement | null
  detector: FaceDetectorLike | null
  chunkMs: number
  maxAnswerMs: number
  events: RunEvents
}

type Answering = { index: number; recording: AnswerRecording; meter: AnswerMeter; startedAt: number }

function reasonOf(error: unknown): string {
  return error instanceof Error || error instanceof DOMException ? error.message : String(error)
}

/** Runs the questions one after another; `next()` ends the current answer early. */
export class InterviewRun {
  private timer: ReturnType<typeof setTimeout> | undefined
  private answering: Answering | null = null
  private readonly answers: RecordedAnswer[] = []
  private disposed = false

  private readonly options: RunOptions

  constructor(options: RunOptions) {
    this.options = options
  }

  start(): void {
    this.ask(0)
  }

  /** Ends the answer being recorded (the candidate pressed Next). */
  next(): void {
    void this.finishAnswer()
  }

  /** Stops everything without finishing; nothing more is reported. */
  dispose(): void {
    this.disposed = true
    clearTimeout(this.timer)
    const answering = this.answering
    this.answering = null
    if (answering) {
      answering.meter.stop(0)
      answering.recording.stop()
    }
  }

  private ask(index: number): void {
    const question = this.options.questions[index]
    if (question === undefined || this.disposed) return
    const displayMs = question.displayTime * 1000
    this.options.events.onQuestion(index, performance.now(), displayMs)
    this.timer = setTimeout(() => this.record(index), displayMs)
  }

  private record(index: number): void {
    if (this.disposed) return
    const { stream, chunkMs, maxAnswerMs, probe, video, detector, events } = this.options
    let recording: AnswerRecording
    try {
      recording = startRecording(stream, chunkMs, (error) => {
        console.error(error)
        events.onError(MESSAGES.recordingError)
      })
    } catch (error) {
      console.error(error)
      events.onAbort(`${MESSAGES.recordingFailedPrefix}${reasonOf(error)}`)
      return
    }
    const meter = new AnswerMeter(probe?.analyser ?? null, video(), detector)
    const answering: Answering = { index, recording, meter, startedAt: performance.now() }
    this.answering = answering
    // Until the recorder says it started, the limit runs from now: a recorder that
    // never does cannot hold the run.
    this.timer = setTimeout(() => void this.finishAnswer(), maxAnswerMs)
    void recording.started.then(() => {
      // Next may have ended this answer (or the run) while the recorder was starting.
      if (this.answering !== answering) return
      clearTimeout(this.timer)
      answering.startedAt = performance.now()
      meter.start(answering.startedAt)
      events.onRecording(index, answering.startedAt)
      this.timer = setTimeout(() => void this.finishAnswer(), maxAnswerMs)
    })
  }

  private async finishAnswer(): Promise<void> {
    const answering = this.answering
    if (answering === null) return
    this.answering = null
    clearTimeout(this.timer)
    const { maxAnswerMs, questions, events } = this.options
    // The timer may fire a little late: an answer is never longer than the limit.
    const durationMs = Math.min(performance.now() - answering.startedAt, maxAnswerMs)
    const measurement = answering.meter.stop(durationMs)
    answering.recording.stop()
    const blob = await answering.recording.done
    if (this.disposed) return
    const answer: RecordedAnswer = {
      measurement,
      video: blob.size > 0 ? { url: URL.createObjectURL(blob), type: blob.type } : null,
    }
    this.answers.push(answer)
    events.onAnswer(answering.index, answer)
    if (answering.index + 1 < questions.length) this.ask(answering.index + 1)
    else events.onFinished([...this.answers])
  }
}
