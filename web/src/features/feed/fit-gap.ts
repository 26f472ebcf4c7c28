/**
 * How far a fit is below a job's threshold, in percentage points with one decimal: a fit of
 * 19.9 % against a threshold of 50 % is "30.1". Never "0.0" for a fit that falls short, however
 * little: the server said it does not meet the threshold.
 */
export function shortfallPoints(scorePercentage: number, threshold: number): string {
  const gap = Math.max(0.1, Math.round((threshold - scorePercentage) * 10) / 10)
  return gap.toFixed(1)
}
