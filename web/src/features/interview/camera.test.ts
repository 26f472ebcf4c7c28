import { describe, expect, it } from 'vitest'
import { CameraError, cameraErrorMessage, MEDIA_CONSTRAINTS, openCamera, startProblem } from './camera'

/** A stand-in track with the only fields read: its kind and state. */
function track(kind: 'audio' | 'video', readyState: MediaStreamTrackState = 'live') {
  return { kind, readyState, stopped: false, stop() { this.stopped = true } }
}

function stream(tracks: ReturnType<typeof track>[], active = true) {
  return {
    active,
    getTracks: () => tracks,
    getVideoTracks: () => tracks.filter((t) => t.kind === 'video'),
    getAudioTracks: () => tracks.filter((t) => t.kind === 'audio'),
  } as unknown as MediaStream
}

describe('camera messages (spec, candidate §8)', () => {
  it.each([
    ['NotAllowedError', 'Camera/microphone access denied. Please allow permissions.'],
    ['SecurityError', 'Camera/microphone access denied. Please allow permissions.'],
    ['NotFoundError', 'No camera or microphone found.'],
    ['NotReadableError', 'Failed to access camera: Device in use'],
  ])('%s → %s', (name, message) => {
    expect(cameraErrorMessage(new DOMException(name === 'NotReadableError' ? 'Device in use' : 'x', name))).toBe(message)
  })

  it('asks for 1280×720 from the front camera and 44.1 kHz audio with echo cancellation and noise suppression', () => {
    expect(MEDIA_CONSTRAINTS.video).toEqual({ width: { ideal: 1280 }, height: { ideal: 720 }, facingMode: 'user' })
    expect(MEDIA_CONSTRAINTS.audio).toEqual({
      sampleRate: { ideal: 44100 },
      echoCancellation: true,
      noiseSuppression: true,
    })
  })

  it('opens with the constraints and refuses a stream whose tracks are not live, releasing it', async () => {
    const tracks = [track('video'), track('audio', 'ended')]
    let asked: MediaStreamConstraints | undefined
    const media = {
      getUserMedia: async (constraints?: MediaStreamConstraints) => {
        asked = constraints
        return stream(tracks)
      },
    }
    await expect(openCamera(media)).rejects.toThrow(
      new CameraError('Camera/microphone not ready. Please disable and re-enable your camera.'),
    )
    expect(asked).toBe(MEDIA_CONSTRAINTS)
    expect(tracks.every((t) => t.stopped)).toBe(true)
  })

  it('turns a refused permission into the denied message', async () => {
    const media = {
      getUserMedia: () => Promise.reject(new DOMException('Permission denied', 'NotAllowedError')),
    }
    await expect(openCamera(media)).rejects.toThrow('Camera/microphone access denied. Please allow permissions.')
  })

  it('says why there is no camera on an insecure page', async () => {
    await expect(openCamera(undefined)).rejects.toThrow(/^Failed to access camera: /)
  })
})

describe('startProblem: checks before an interview starts, in the spec order', () => {
  it.each([
    ['the camera is off', false, null, 'Please enable your camera to start the interview'],
    ['the stream is gone', true, null, 'Camera stream not available. Please enable camera first.'],
    ['the stream ended', true, stream([track('video'), track('audio')], false), 'Camera stream not available. Please enable camera first.'],
    ['the video track ended', true, stream([track('video', 'ended'), track('audio')]), 'Camera not ready. Please try again.'],
    ['the audio track ended', true, stream([track('video'), track('audio', 'ended')]), 'Microphone not ready. Please try again.'],
    ['all is live', true, stream([track('video'), track('audio')]), null],
  ])('%s', (_case, cameraOn, s, expected) => {
    expect(startProblem(cameraOn, s)).toBe(expected)
  })
})
