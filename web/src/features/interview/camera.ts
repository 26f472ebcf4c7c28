// Camera and microphone for interview practice (spec, candidate §9 "Video
// preference 1280x720, front camera. Audio 44100 Hz with echo cancellation and
// noise suppression"; §8 camera messages).
import { MESSAGES } from './messages'

/**
 * What the interview asks the browser for. Sizes and rate are `ideal`, not
 * `exact`: a laptop camera without 720p still works instead of failing.
 */
export const MEDIA_CONSTRAINTS = {
  video: { width: { ideal: 1280 }, height: { ideal: 720 }, facingMode: 'user' },
  audio: { sampleRate: { ideal: 44100 }, echoCancellation: true, noiseSuppression: true },
} as const satisfies MediaStreamConstraints

/** A camera problem with the spec's message for it. */
export class CameraError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options)
    this.name = 'CameraError'
  }
}

/** The spec's message for a failed `getUserMedia` (candidate §8). */
export function cameraErrorMessage(error: unknown): string {
  const name = error instanceof Error || error instanceof DOMException ? error.name : ''
  switch (name) {
    case 'NotAllowedError':
    case 'PermissionDeniedError':
    case 'SecurityError':
      return MESSAGES.permissionDenied
    case 'NotFoundError':
    case 'DevicesNotFoundError':
      return MESSAGES.noDevice
    default: {
      const reason = error instanceof Error || error instanceof DOMException ? error.message : String(error)
      return `${MESSAGES.cameraFailedPrefix}${reason || 'unknown error'}`
    }
  }
}

/** Whether the stream has a live track of each kind. */
export function liveTracks(stream: MediaStream): { video: boolean; audio: boolean } {
  const live = (tracks: MediaStreamTrack[]) => tracks.some((t) => t.readyState === 'live')
  return { video: live(stream.getVideoTracks()), audio: live(stream.getAudioTracks()) }
}

/** Stops every track: the camera light goes off. */
export function stopStream(stream: MediaStream | null): void {
  for (const track of stream?.getTracks() ?? []) track.stop()
}

/**
 * Opens the camera and microphone and checks both tracks are live; throws a
 * `CameraError` with the spec's message otherwise (and releases what it opened).
 */
export async function openCamera(media: Pick<MediaDevices, 'getUserMedia'> | undefined = navigator.mediaDevices): Promise<MediaStream> {
  if (media === undefined) {
    // Browsers expose no mediaDevices on insecure (http) pages.
    throw new CameraError(`${MESSAGES.cameraFailedPrefix}camera access needs a secure (https) page`)
  }
  let stream: MediaStream
  try {
    stream = await media.getUserMedia(MEDIA_CONSTRAINTS)
  } catch (error) {
    throw new CameraError(cameraErrorMessage(error), { cause: error })
  }
  const live = liveTracks(stream)
  if (!live.video || !live.audio) {
    stopStream(stream)
    throw new CameraError(MESSAGES.tracksNotLive)
  }
  return stream
}

/**
 * Why an interview cannot start with this camera state, in the spec's order
 * (candidate §5 and §8); null when it can.
 */
export function startProblem(cameraOn: boolean, stream: MediaStream | null): string | null {
  if (!cameraOn) return MESSAGES.cameraRequired
  if (stream === null || !stream.active) return MESSAGES.streamMissing
  const live = liveTracks(stream)
  if (!live.video) return MESSAGES.cameraNotReady
  if (!live.audio) return MESSAGES.microphoneNotReady
  return null
}
