// The option lists of the job form (spec, employer §3 "Option lists"), as the server accepts them.

/** Job types. */
export const JOB_TYPES = ['Full-time', 'Part-time', 'Contract', 'Remote'] as const

/** Degree levels (stored as the job's experience_level). */
export const DEGREE_LEVELS = ['Certificate', 'Diploma', 'Bachelors', 'Honours', 'Masters', 'PhD'] as const

/** Minimum degree classes. */
export const DEGREE_CLASSES = ['First Class', 'Second Class Upper', 'Second Class Lower', 'Third Class'] as const

/** Suggested required degrees; "Other (Specify)" adds custom ones. */
export const REQUIRED_DEGREES = [
  'Computer Science',
  'Information Technology',
  'Software Engineering',
  'Business Administration',
  'Marketing',
  'Finance',
  'Accounting',
  'Economics',
  'Engineering',
  'Education',
  'Nursing',
  'Medicine',
  'Law',
  'Psychology',
  'Sociology',
  'Agriculture and Environmental Science',
] as const

/** The entry of the required-degree list that reveals a text input for a custom degree. */
export const OTHER_DEGREE = 'Other (Specify)'

/** The threshold a job gets when none is given (spec §9). */
export const DEFAULT_THRESHOLD = 20

/** The largest logo the server takes (spec §9: "under 2MB"). */
export const MAX_LOGO_BYTES = 2 * 1024 * 1024
