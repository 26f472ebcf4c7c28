// Measures one answer while it is recorded: the microphone's level every
// frame and, where the browser can detect faces, the video twice a second.
import type { AnswerMeasurement } from '@/lib/core-worker'
import { FACE_SAMPLE_MS, FaceTally, type FaceDetectorLike } from './face-tracking'
import { levelDb, VoiceActivity } from './voice-activity'

/** How often the microphone's level is read: about one analyser frame (2048 samples at 44.1 kHz ≈ 46 ms). */
export const AUDIO_FRAME_MS = 50

/** The microphone side of an interview: one analyser over the stream, for every answer. */
export type AudioProbe = { analyser: AnalyserNode; close(): void }

/** An analyser on the stream's audio; null when the browser cannot make one (the audio is then not measured). */
export function createAudioProbe(stream: MediaStream): AudioProbe | null {
  try {
    const context = new AudioContext()
    void context.resume()
    const source = context.createMediaStreamSource(stream)
    const analyser = context.createAnalyser()
    analyser.fftSize = 2048
    source.connect(analyser)
    return {
      analyser,
      close() {
        source.disconnect()
        void context.close()
      },
    }
  } catch (error) {
    console.error(error)
    return null
  }
}

/** One answer's measuring, from `start()` to `stop()`. */
export class AnswerMeter {
  private readonly voice = new VoiceActivity()
  private readonly face = new FaceTally()
  private audioTimer: ReturnType<typeof setInterval> | undefined
  private faceTimer: ReturnType<typeof setInterval> | undefined
  private lastFrameAt = 0
  private detecting = false
  private readonly samples: Float32Array<ArrayBuffer> | null
  private readonly analyser: AnalyserNode | null
  private readonly video: HTMLVideoElement | null
  private readonly detector: FaceDetectorLike | null

  constructor(analyser: AnalyserNode | null, video: HTMLVideoElement | null, detector: FaceDetectorLike | null) {
    this.analyser = analyser
    this.video = video
    this.detector = detector
    this.samples = analyser ? new Float32Array(analyser.fftSize) : null
  }

  /** Starts measuring at `now` (performance.now() milliseconds). */
  start(now: number): void {
    this.lastFrameAt = now
    if (this.analyser && this.samples) {
      const { analyser, samples } = this
      this.audioTimer = setInterval(() => {
        const at = performance.now()
        analyser.getFloatTimeDomainData(samples)
        this.voice.push(levelDb(samples), at - this.lastFrameAt)
        this.lastFrameAt = at
      }, AUDIO_FRAME_MS)
    }
    if (this.detector && this.video) {
      const { detector, video } = this
      this.faceTimer = setInterval(() => {
        // One detection at a time; a slow one skips samples rather than queueing them.
        if (this.detecting || this.face.hasFailed || video.videoWidth === 0) return
        this.detecting = true
        detector
          .detect(video)
          .then((faces) => this.face.add(faces, video.videoWidth, video.videoHeight))
          .catch((error: unknown) => {
            console.warn('Face detection failed; eye contact and expression are not measured', error)
            this.face.fail()
          })
          .finally(() => {
            this.detecting = false
          })
      }, FACE_SAMPLE_MS)
    }
  }

  /** Stops measuring; the figures of an answer `durationMs` long. */
  stop(durationMs: number): AnswerMeasurement {
    clearInterval(this.audioTimer)
    clearInterval(this.faceTimer)
    return {
      durationMs,
      audio: this.analyser ? this.voice.finish(durationMs) : null,
      face: this.detector ? this.face.finish() : null,
    }
  }
}
