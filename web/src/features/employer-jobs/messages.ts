// Every text the employer's job screens toast (spec, employer §5 and §8), to the letter.
export const MESSAGES = {
  required: 'Please fill in all required fields',
  posted: 'Job posted successfully!',
  postFailed: 'Failed to post job',
  logoUploadFailed: 'Failed to upload logo. Please try again.',

  aiDescriptionNeeds: 'Please fill in company name, job title, and job type first',
  aiNeedsTitleAndDescription: 'Please fill in job title and description first',
  aiDescriptionDone: 'AI generated job description!',
  aiDescriptionFailed: 'Failed to generate description',
  aiSkillsDone: 'AI suggested skills!',
  aiSkillsUnparsable: 'Unable to parse AI suggestions',
  aiSkillsFailed: 'Failed to generate skills',
  aiScoreFailed: 'Failed to generate score suggestion',

  loadFailed: 'Failed to load jobs',
  updated: 'Job updated successfully!',
  updateFailed: 'Failed to update job',
  paused: 'Job paused successfully',
  activated: 'Job activated successfully',
  statusFailed: 'Failed to update job status',
  deleted: 'Job deleted successfully',
  deleteFailed: 'Failed to delete job',
} as const

/** "AI suggests a talent score of {n}%". */
export function aiScoreMessage(score: number): string {
  return `AI suggests a talent score of ${score}%`
}
