// Every text the My Applications page toasts or asks (spec, candidate §2 and §8), to the letter.
export const MESSAGES = {
  loadFailed: 'Failed to load applications',
  deleteConfirm: 'Are you sure you want to delete this application? This action cannot be undone.',
  deleted: 'Application deleted successfully',
  deleteFailed: 'Failed to delete application',
  empty: 'No applications yet',
  jobRemovedTitle: 'Job No Longer Available',
  jobRemovedText: 'This job posting has been removed',
  documentsLoadFailed: 'Failed to load documents',
  downloaded: 'Document downloaded!',
  downloadFailed: 'Failed to download document',
} as const
