// Scores as every screen writes them, by core's rule (core/src/score/text.rs): points with at
// most two decimals and no trailing zeros, percentages with one decimal (spec §9). Written here
// so a score paints with its card, before the core's wasm has loaded; a test holds these to the
// core's own functions over the whole range of scores.
import { MAX_RAW_SCORE } from '@/generated/catalogue'

/** Points as computed, without trailing zeros: 4 → "4", 2.5 → "2.5", 15.126 → "15.13". */
export function pointsText(points: number): string {
  const hundredths = Math.round(points * 100) / 100
  return hundredths.toFixed(2).replace(/0+$/, '').replace(/\.$/, '')
}

/** A percentage with one decimal: 77 → "77.0%". */
export function percentText(percentage: number): string {
  return `${(Math.round(percentage * 10) / 10).toFixed(1)}%`
}

/** A total out of the most a fit score reaches: "15.1/19.6". */
export function totalText(total: number): string {
  return `${pointsText(total)}/${pointsText(MAX_RAW_SCORE)}`
}
