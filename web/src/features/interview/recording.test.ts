import { describe, expect, it } from 'vitest'
import { pickMimeType } from './recording'

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
