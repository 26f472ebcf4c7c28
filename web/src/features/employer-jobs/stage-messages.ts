// What the job stages dialog toasts: the spec is silent on a job's own stages (decisions.md).
export const MESSAGES = {
  added: 'Stage added',
  renamed: 'Stage renamed',
  removed: 'Stage removed',
  loadFailed: 'Failed to load the stages',
  addFailed: 'Failed to add the stage',
  renameFailed: 'Failed to rename the stage',
  removeFailed: 'Failed to remove the stage',
} as const
