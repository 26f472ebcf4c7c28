// The query keys of the cached data that has no entity module of its own: each is defined here
// once, used by every feature that reads, changes or refreshes it, and by the offline cache's
// list of what it keeps. (The profile's and the documents' keys live with their entities.)

/** The feed's pages, one query per order. */
export const FEED_QUERY_KEY = ['feed', 'jobs'] as const

/** The signed-in candidate's applications. */
export const MY_APPLICATIONS_QUERY_KEY = ['applications', 'mine'] as const

/** The last upgraded resume (kept for the PDF export offline). */
export const LAST_UPGRADE_QUERY_KEY = ['resume', 'last-upgrade'] as const

/** The last share link made per document (kept for the QR code offline); the document id follows. */
export const QR_LINK_QUERY_PREFIX = ['documents', 'qr-link'] as const

/** Everything the employer screens cache: a bulk import refreshes all of it. */
export const EMPLOYER_QUERIES = ['employer'] as const
export const EMPLOYER_JOBS_KEY = [...EMPLOYER_QUERIES, 'jobs'] as const
export const EMPLOYER_APPLICATIONS_KEY = [...EMPLOYER_QUERIES, 'applications'] as const
export const EMPLOYER_ANALYTICS_KEY = [...EMPLOYER_QUERIES, 'analytics'] as const

/** The scorecards of the employer's applications; the application id follows. Under the applications' key. */
export const EMPLOYER_SCORECARDS_KEY = [...EMPLOYER_APPLICATIONS_KEY, 'scorecards'] as const
