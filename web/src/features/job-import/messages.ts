// Every text the bulk-import page toasts (spec, employer §5 and §8), to the letter.
// The parse summaries ("Successfully parsed {n} jobs!" and the review warning) come
// from the core with the preview, so the browser and the server word them alike; so do the
// refusals of a file (not CSV, no jobs), which the core's errors carry.
export const MESSAGES = {
  parseFailed: 'Failed to parse CSV file. Please check the format.',
  noValidJobs: 'No valid jobs to import',
  importFailed: 'Failed to import jobs',
  templateFailed: 'Failed to download the template',
  settingsFailed: 'The import settings could not be loaded',
} as const

/** The toast after an import (spec §8). */
export function importedMessage(count: number): string {
  return `Successfully imported ${count} jobs!`
}
