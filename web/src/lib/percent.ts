/** Percent of `loaded` out of `total` bytes, rounded down; null when the total is unknown. */
export function percentOf(loaded: number, total: number): number | null {
  if (total <= 0) return null
  return Math.min(100, Math.floor((loaded / total) * 100))
}
