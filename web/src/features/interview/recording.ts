// Recording one answer with MediaRecorder (spec, candidate §9: webm with vp8
// and opus, then webm, then mp4; a chunk every second). The recording stays in
// the page as a blob for replay and is never uploaded.

/** Container and codecs in the spec's order of preference. */
export const MIME_PREFERENCE = ['video/webm;codecs=vp8,opus', 'video/webm', 'video/mp4'] as const

/** The first supported format; undefined lets the browser choose. */
export function pickMimeType(isSupported: (type: string) => boolean): string | undefined {
  return MIME_PREFERENCE.find((type) => isSupported(type))
}

/** A recording in progress: `started` settles once the recorder runs (or has failed), `stop()` ends it; `done` gives the video. */
export type AnswerRecording = {
  readonly mimeType: string
  readonly started: Promise<void>
  stop(): void
  readonly done: Promise<Blob>
}

/**
 * Starts recording `stream` in chunks of `chunkMs`. Throws what MediaRecorder
 * throws when it cannot start; `onError` hears errors while recording (the
 * chunks so far are kept).
 */
export function startRecording(stream: MediaStream, chunkMs: number, onError: (error: unknown) => void): AnswerRecording {
  const mimeType = pickMimeType((type) => MediaRecorder.isTypeSupported(type))
  const recorder = new MediaRecorder(stream, mimeType ? { mimeType } : undefined)
  const chunks: Blob[] = []
  recorder.addEventListener('dataavailable', (event) => {
    if (event.data.size > 0) chunks.push(event.data)
  })
  recorder.addEventListener('error', (event) => onError((event as Event & { error?: unknown }).error ?? event))
  // start() only asks: on a busy machine the recorder may begin a while later, and
  // an answer's clock must not run before its video does.
  const started = new Promise<void>((resolve) => {
    for (const type of ['start', 'error', 'stop']) recorder.addEventListener(type, () => resolve(), { once: true })
  })
  const done = new Promise<Blob>((resolve) => {
    recorder.addEventListener('stop', () => resolve(new Blob(chunks, { type: recorder.mimeType || mimeType })), {
      once: true,
    })
  })
  recorder.start(chunkMs)
  return {
    mimeType: recorder.mimeType || mimeType || '',
    started,
    stop() {
      if (recorder.state !== 'inactive') recorder.stop()
    },
    done,
  }
}
