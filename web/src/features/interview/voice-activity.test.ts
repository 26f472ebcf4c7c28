import { describe, expect, it } from 'vitest'
import { levelDb, SILENT_DB, VoiceActivity, WORD_GAP_MS } from './voice-activity'

const VOICE = -30
const QUIET = -70

/** Feeds frames of 50 ms: `pattern` is a string of "v" (voice) and "." (quiet). */
function feed(pattern: string, voiceDb: (i: number) => number = () => VOICE): VoiceActivity {
  const activity = new VoiceActivity()
  ;[...pattern].forEach((c, i) => activity.push(c === 'v' ? voiceDb(i) : QUIET, 50))
  return activity
}

describe('levelDb', () => {
  it('is 0 dBFS for a full-scale square wave and about −6 dBFS at half amplitude', () => {
    expect(levelDb(new Float32Array([1, -1, 1, -1]))).toBeCloseTo(0)
    expect(levelDb(new Float32Array([0.5, -0.5]))).toBeCloseTo(-6.02, 2)
  })

  it('floors digital silence and empty frames', () => {
    expect(levelDb(new Float32Array(128))).toBe(SILENT_DB)
    expect(levelDb(new Float32Array(0))).toBe(SILENT_DB)
  })
})

describe('VoiceActivity', () => {
  it('counts voiced time and the longest silence', () => {
    // 1 s voice, 2 s quiet, 0.5 s voice, 0.5 s quiet at the end.
    const m = feed('v'.repeat(20) + '.'.repeat(40) + 'v'.repeat(10) + '.'.repeat(10)).finish(4000)
    expect(m.speakingMs).toBe(1500)
    expect(m.longestSilenceMs).toBe(2000)
  })

  it(`bridges gaps between words shorter than ${WORD_GAP_MS} ms`, () => {
    // voice, 250 ms gap (bridged), voice, 300 ms gap (a silence).
    const m = feed('vvvv.....vvvv......vvvv').finish(1150)
    expect(m.speakingMs).toBe(600 + 250)
    expect(m.longestSilenceMs).toBe(300)
  })

  it('does not bridge the quiet before the first word', () => {
    const m = feed('..vvvv').finish(300)
    expect(m.speakingMs).toBe(200)
    expect(m.longestSilenceMs).toBe(100)
  })

  it('measures the loudness spread of voiced frames only', () => {
    // Alternating −30 and −20 dBFS: mean −25, standard deviation 5 dB.
    const m = feed('vv..vv', (i) => (i % 2 === 0 ? -30 : -20)).finish(300)
    expect(m.loudnessSpreadDb).toBeCloseTo(5, 10)
  })

  it('reports no spread and no speaking without voice, all silence', () => {
    const m = feed('.'.repeat(30)).finish(1500)
    expect(m).toEqual({ speakingMs: 0, longestSilenceMs: 1500, loudnessSpreadDb: null })
  })

  it('never reports more than the recorded length', () => {
    const m = feed('v'.repeat(30)).finish(1000)
    expect(m.speakingMs).toBe(1000)
    expect(m.longestSilenceMs).toBe(0)
  })
})
