// Texts of the analytics screen (spec, employer §2 "Analytics" and §8), to the letter.
export const MESSAGES = {
  loadFailed: 'Failed to load analytics',
  empty: 'No data available yet. Post jobs to see analytics.',
} as const

/** What the counts hold of candidates who have deleted their accounts since they applied. */
export function deletedAccountsNote(count: number): string {
  const which = count === 1 ? '1 application comes' : `${count} applications come`
  return `${which} from candidates who have since deleted their accounts: counted, without their names or documents.`
}
