// Every text the feed and the job view toast or show (spec, candidate §2, §4, §5 and §8), to the letter.
export const MESSAGES = {
  title: 'Find Your Next Role',
  hint: 'Double Tap: Apply • 👈 Reject • 👇 Copy • 👉 Next',
  loadFailed: 'Failed to load jobs',
  rejected: 'Job rejected',
  linkCopied: 'Job link with title copied!',
  alreadyApplied: 'Job Already Applied',
  applyWithLinkedIn: 'Apply with LinkedIn',
  chooseMethod: 'Choose Application Method',
  applyViaEmail: 'Apply via Email',
  applyWithJobTap: 'Apply with JobTap',
  /** Not in the spec: the apply dialog's title when the server's score is below the job's threshold. */
  belowThresholdTitle: "You don't meet this job's threshold",
  /** Not in the spec: the gap, from the score the server returned. */
  belowThreshold: (score: string, threshold: number, points: string) =>
    `Your fit is ${score}; this job asks for at least ${threshold}%: you are ${points} points short. JobTap sends no application below a job's threshold.`,
  openingEmail: 'Opening email client...',
  applied: 'Application successfully submitted!',
  applyFailed: 'Failed to submit application',
  mockJob: 'Sample jobs take no applications',
  /** Not in the spec: the badge on a sample job's card. */
  sampleJob: 'Sample job',
  /** Not in the spec: why a sample job is refused to a candidate whose profile is complete. */
  sampleJobDescription: 'This job shows how JobTap works. Jobs without the Sample job badge take applications.',
  jobGone: 'Job not found or no longer available',
  noMoreTitle: 'No More Jobs Available Right Now',
  emailRequired: 'Please enter your email',
  subscribed: "Thank you! We'll notify you when new jobs are available.",
  noMoreJobs: 'No more jobs available',
  /** Not in the spec: what the end of the feed means, shown at once instead of the spec's 30 s wait. */
  endOfFeed: 'You have seen every open job for now. New jobs show here as employers post them.',
  /** Not in the spec: the button opening the job alerts dialog at the end of the feed. */
  getAlerts: 'E-mail me new jobs',
  /** Not in the spec: the same, at the end of a search's results or when it finds none. */
  getSearchAlerts: 'E-mail me new jobs for this search',
  /** Not in the spec: what the job alerts dialog promises (the digest goes at most daily). */
  alertsAbout: 'Leave your email and we will send you new jobs that fit you, at most once a day.',
  /** Not in the spec: the same for a search. */
  searchAlertsAbout:
    'Leave your email and we will send you new jobs for this search that fit you, at most once a day. An alert you made before at this address follows this search instead.',
  /** Not in the spec: what Start Over does. */
  startOverHint: 'Start Over brings back the jobs you rejected or passed.',
  applyOnLinkedIn: 'Apply on LinkedIn',
  /** Not in the spec: the clipboard refused (no permission, or an insecure page). */
  copyFailed: 'Could not copy the link',
  /** Not in the spec: the e-mail field of "Apply via Email" is blank. */
  employerEmailRequired: "Please enter the employer's email",
  /** Not in the spec: the cover letter for "Apply via Email" could not be written. */
  letterFailed: 'Failed to prepare the email',
  /** Not in the spec: read out when "Next job" (or a swipe right) moves on. */
  skipped: 'Job skipped',
  /** Not in the spec: read out when "Undo last swipe" brings the last card back. */
  undone: 'Last swipe undone',
  /** Not in the spec: the server did not store a rejection, so the job may come back. */
  rejectNotSaved: 'Could not save the rejection: this job may show again',
  /** Not in the spec: the server did not withdraw a rejection, so the job may stay hidden. */
  undoNotSaved: 'Could not undo the rejection on the server: this job may not show next time',
  /** Not in the spec: "Start Over" could not bring rejected jobs back. */
  startOverFailed: 'Could not bring back the jobs you rejected',
  /**
   * Not in the spec: under "Thank you! We'll notify you…", what happens next (double opt-in).
   * The server's answer never says whether the address was subscribed already, so neither does this; a search
   * replaces an earlier one only when this account made that alert (another account's stays as it was).
   */
  confirmAlerts: (email: string, search: string) =>
    search === ''
      ? `To start your alerts, follow the link we e-mail to ${email}. Subscribed already? Nothing changes.`
      : `Alerts for ${search}: to start them, follow the link we e-mail to ${email}. Subscribed already from this account? They follow this search now.`,
  /** Not in the spec: subscribing to job alerts failed on the server. */
  subscribeFailed: 'Failed to subscribe',
  /** Not in the spec: a double tap (or the apply button) while offline; the app is read-only then. */
  offlineApply: "You're offline — applying needs a connection",
} as const

/** How long "Apply with LinkedIn" shows before the job's LinkedIn page opens (spec §9). */
export const LINKEDIN_DELAY_MS = 1_500
/** How long "Job Already Applied" shows before the feed moves on (spec §9). */
export const ALREADY_APPLIED_MS = 1_000
