// A stand-in for the browser's MediaRecorder in unit tests (jsdom has none): it
// starts only when the test dispatches 'start', as a busy browser's may start late.

export class LateRecorder extends EventTarget {
  /** Every recorder made since the last `reset()`, oldest first. */
  static readonly made: LateRecorder[] = []
  static isTypeSupported = () => true
  static reset() {
    LateRecorder.made.length = 0
  }
  state: RecordingState = 'inactive'
  mimeType = 'video/webm'
  constructor() {
    super()
    LateRecorder.made.push(this)
  }
  start() {
    this.state = 'recording'
  }
  stop() {
    this.state = 'inactive'
    this.dispatchEvent(new Event('stop'))
  }
}
