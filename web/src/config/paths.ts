/** Every route of the app, in one place (spec, candidate §2 and employer §2). */
export const paths = {
  home: '/',
  auth: '/auth',
  onboarding: '/onboarding',
  jobs: '/jobs',
  job: '/job/:id',
  applications: '/applications',
  documents: '/documents',
  interviewPrep: '/interview-prep',
  hrApi: '/hr-api',
  /** Old employer login address, linked from the landing footer; redirects. */
  employerAuthLegacy: '/employer-auth',
  employerAuth: '/employer/auth',
  employer: '/employer',
  employerPostJob: '/employer/post-job',
  employerBulkImport: '/employer/bulk-import',
  employerApplications: '/employer/applications',
  employerAnalytics: '/employer/analytics',
  /** "Forgot password?": asks for a link that sets a new password (`?portal=employer` from the employer sign-in). */
  forgotPassword: '/forgot-password',
  /** Where that link leads; its token follows in the fragment (`#token=…`), never sent to a server. */
  resetPassword: '/reset-password',
  /** Where an e-mail confirmation link leads; its token follows in the fragment, as a reset link's. */
  confirmEmail: '/confirm-email',
  /** Where a team invitation's link leads; its token follows in the fragment, as a reset link's. */
  joinTeam: '/join-team',
  /** Which e-mails a signed-in user gets (either role). */
  notificationSettings: '/settings/notifications',
  /** The candidate guide linked as "Resources" in the landing footer. */
  candidateGuidePdf: '/resources/jobtap-guide.pdf',
} as const

/** The address of one job's page. */
export function jobHref(id: string): string {
  return `/job/${encodeURIComponent(id)}`
}
