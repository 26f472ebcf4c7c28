// The fit score as the card shows it (spec, candidate §9: four parts out of 5,
// the percentage with one decimal).

/** "94.9%": the percentage with one decimal. */
export function formatPercent(percentage: number): string {
  return `${percentage.toFixed(1)}%`
}

/** A part score to at most one decimal: 4 → "4", 2.5 → "2.5", 3.46 → "3.5". */
export function formatScore(score: number): string {
  return String(Math.round(score * 10) / 10)
}
