import { describe, expect, it } from 'vitest'
import { createFaceDetector, FaceTally, isCentred } from './face-tracking'

const box = (cx: number, cy: number) => ({ x: cx - 100, y: cy - 100, width: 200, height: 200 })

describe('isCentred in a 1280×720 frame', () => {
  it.each([
    ['the middle', 640, 360, true],
    ['20% of the width off the middle', 640 + 256, 360, true],
    ['just past 20% of the width', 640 + 257, 360, false],
    ['high, as in a head-and-shoulders frame', 640, 180, true],
    ['at the top edge', 640, 100, false],
  ])('%s', (_case, cx, cy, expected) => {
    expect(isCentred(box(cx, cy), 1280, 720)).toBe(expected)
  })

  it('is false for a frame without size', () => {
    expect(isCentred(box(0, 0), 0, 0)).toBe(false)
  })
})

describe('FaceTally', () => {
  it('counts samples, faces and centred faces', () => {
    const tally = new FaceTally()
    tally.add([{ boundingBox: box(640, 360) }], 1280, 720)
    tally.add([{ boundingBox: box(100, 360) }], 1280, 720)
    tally.add([], 1280, 720)
    expect(tally.finish()).toEqual({ framesSampled: 3, framesWithFace: 2, framesCentred: 1 })
  })

  it('is not measured when detection failed or never sampled', () => {
    const failed = new FaceTally()
    failed.add([], 1280, 720)
    failed.fail()
    expect(failed.finish()).toBeNull()
    expect(new FaceTally().finish()).toBeNull()
  })
})

describe('createFaceDetector', () => {
  it('is null where the browser has no FaceDetector', () => {
    expect(createFaceDetector({})).toBeNull()
  })

  it('asks a present FaceDetector for one face in fast mode', () => {
    let options: unknown
    class FaceDetector {
      constructor(o: unknown) {
        options = o
      }
      detect() {
        return Promise.resolve([])
      }
    }
    expect(createFaceDetector({ FaceDetector })).toBeInstanceOf(FaceDetector)
    expect(options).toEqual({ fastMode: true, maxDetectedFaces: 1 })
  })
})
