// The option lists of the job form (spec, employer §3 "Option lists"): core's, as the server accepts them.

export { DEFAULT_THRESHOLD, DEGREE_LEVELS, JOB_TYPES, REQUIRED_DEGREES } from '@/generated/catalogue'
/** Minimum degree classes. */
export { POSTING_DEGREE_CLASSES as DEGREE_CLASSES } from '@/generated/catalogue'

/** The entry of the required-degree list that reveals a text input for a custom degree. */
export const OTHER_DEGREE = 'Other (Specify)'

