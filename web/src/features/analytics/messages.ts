// Texts of the analytics screen (spec, employer §2 "Analytics" and §8), to the letter.
export const MESSAGES = {
  loadFailed: 'Failed to load analytics',
  empty: 'No data available yet. Post jobs to see analytics.',
} as const
