// Every text the employer's application screens toast (spec, employer §4 and §8), to the letter.
export const MESSAGES = {
  loadFailed: 'Failed to load applications',
  accepted: 'Application accepted',
  rejected: 'Application rejected and removed',
  updateFailed: 'Failed to update application',
  commentAdded: 'Comment added',
  commentFailed: 'Failed to add comment',
  deleted: 'Application deleted successfully',
  deleteFailed: 'Failed to delete application',
  recommendation: 'AI Recommendation Generated',
  recommendationFailed: 'Failed to generate recommendation',
  candidateFailed: 'Failed to load candidate documents',
  downloaded: 'Document downloaded',
  downloadFailed: 'Failed to download document',
  empty: 'No applications yet',
  exported: 'Applications exported',
  exportFailed: 'Failed to export applications',
} as const
