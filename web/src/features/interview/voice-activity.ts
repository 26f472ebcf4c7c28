// Voice activity, silences and loudness steadiness of one answer, from the
// microphone's level frame by frame (Web Audio `AnalyserNode`). Only these
// numbers leave the page; the sound itself never does.
import type { AudioMeasurement } from '@/lib/core-worker'

/**
 * A frame at or above this level (dBFS) counts as voice. Speech into a laptop
 * or headset microphone sits around −35 to −15 dBFS; a quiet room after the
 * browser's noise suppression stays below −60.
 */
export const VOICE_THRESHOLD_DB = -50
/** Gaps between words shorter than this count as speaking, not as silence. */
export const WORD_GAP_MS = 300
/** The level of a frame of digital silence (log of zero). */
export const SILENT_DB = -120

/** The RMS level of a frame of samples (−1..1) in dBFS, floored at `SILENT_DB`. */
export function levelDb(samples: Float32Array): number {
  if (samples.length === 0) return SILENT_DB
  let sum = 0
  for (const s of samples) sum += s * s
  const rms = Math.sqrt(sum / samples.length)
  return rms > 0 ? Math.max(SILENT_DB, 20 * Math.log10(rms)) : SILENT_DB
}

/** Accumulates frames of one answer into an `AudioMeasurement`. */
export class VoiceActivity {
  private speakingMs = 0
  private gapMs = 0
  private longestSilenceMs = 0
  private heardVoice = false
  // Welford's running mean and sum of squares of the voiced frames' levels.
  private voicedFrames = 0
  private meanDb = 0
  private m2 = 0

  /** Adds a frame at `db` that lasted `durationMs`. */
  push(db: number, durationMs: number): void {
    if (!(durationMs > 0)) return
    if (db < VOICE_THRESHOLD_DB) {
      this.gapMs += durationMs
      return
    }
    if (this.gapMs > 0) {
      if (this.heardVoice && this.gapMs < WORD_GAP_MS) this.speakingMs += this.gapMs
      else this.longestSilenceMs = Math.max(this.longestSilenceMs, this.gapMs)
      this.gapMs = 0
    }
    this.heardVoice = true
    this.speakingMs += durationMs
    this.voicedFrames += 1
    const delta = db - this.meanDb
    this.meanDb += delta / this.voicedFrames
    this.m2 += delta * (db - this.meanDb)
  }

  /** The answer's figures, none above its recorded length. */
  finish(answerMs: number): AudioMeasurement {
    const longest = Math.max(this.longestSilenceMs, this.gapMs)
    const clamp = (ms: number) => Math.min(Math.max(0, ms), Math.max(0, answerMs))
    return {
      speakingMs: clamp(this.speakingMs),
      longestSilenceMs: clamp(longest),
      loudnessSpreadDb: this.voicedFrames > 0 ? Math.sqrt(this.m2 / this.voicedFrames) : null,
    }
  }
}
