// Face visible and centred, sampled from the live video with the browser's
// FaceDetector (Shape Detection API) where it exists. Elsewhere nothing is
// guessed: the answer's face figures stay null ("not measured").
import type { FaceMeasurement } from '@/lib/core-worker'

/** How often the video is sampled while an answer is recorded. */
export const FACE_SAMPLE_MS = 500
/** A face is centred when its middle lies within this share of the width of the frame's middle… */
export const CENTRE_TOLERANCE_X = 0.2
/** …and within this share of the height (faces sit a little high in a head-and-shoulders frame). */
export const CENTRE_TOLERANCE_Y = 0.25

type Box = { x: number; y: number; width: number; height: number }
type DetectedFace = { boundingBox: Box }

/** The part of the Shape Detection API's `FaceDetector` used here. */
export type FaceDetectorLike = { detect(source: HTMLVideoElement): Promise<DetectedFace[]> }

type FaceDetectorConstructor = new (options?: { fastMode?: boolean; maxDetectedFaces?: number }) => FaceDetectorLike

/** The browser's face detector, or null where there is none. */
export function createFaceDetector(scope: object = globalThis): FaceDetectorLike | null {
  const Detector = (scope as { FaceDetector?: FaceDetectorConstructor }).FaceDetector
  if (typeof Detector !== 'function') return null
  try {
    return new Detector({ fastMode: true, maxDetectedFaces: 1 })
  } catch {
    return null
  }
}

/** Whether a face's box is centred in a `width` × `height` frame (see the tolerances). */
export function isCentred(box: Box, width: number, height: number): boolean {
  if (!(width > 0 && height > 0)) return false
  const dx = Math.abs((box.x + box.width / 2) / width - 0.5)
  const dy = Math.abs((box.y + box.height / 2) / height - 0.5)
  return dx <= CENTRE_TOLERANCE_X && dy <= CENTRE_TOLERANCE_Y
}

/** Counts sampled frames, frames with a face and frames with a centred face. */
export class FaceTally {
  private sampled = 0
  private withFace = 0
  private centred = 0
  private failed = false

  /** Records one sample's faces in a `width` × `height` frame. */
  add(faces: DetectedFace[], width: number, height: number): void {
    this.sampled += 1
    const face = faces[0]
    if (face === undefined) return
    this.withFace += 1
    if (isCentred(face.boundingBox, width, height)) this.centred += 1
  }

  /** Detection failed: this answer's face figures are not measured. */
  fail(): void {
    this.failed = true
  }

  get hasFailed(): boolean {
    return this.failed
  }

  /** The answer's face figures; null when detection failed or never ran. */
  finish(): FaceMeasurement | null {
    if (this.failed || this.sampled === 0) return null
    return { framesSampled: this.sampled, framesWithFace: this.withFace, framesCentred: this.centred }
  }
}
