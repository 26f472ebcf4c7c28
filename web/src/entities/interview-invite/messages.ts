// What the interview screens toast.
export const INTERVIEW_MESSAGES = {
  proposeFailed: 'Could not send the interview times',
  cancelled: 'Interview cancelled',
  cancelFailed: 'Could not cancel the interview',
  pickFailed: 'Could not book that time',
  eventDownloaded: 'Calendar event downloaded',
  eventFailed: 'Could not download the calendar event',
} as const
