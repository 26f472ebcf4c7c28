// The option lists of onboarding (spec, candidate §3 "Other facts"): core's, as the server accepts them.

/** Degree classes offered at onboarding. */
export { PROFILE_DEGREE_CLASSES as DEGREE_CLASSES } from '@/generated/catalogue'
/** Fields of study: the employer's required-degree options, which the fit score compares. */
export { REQUIRED_DEGREES as FIELDS_OF_STUDY } from '@/generated/catalogue'
/** Universities offered at onboarding, and job type preferences. */
export { JOB_TYPES, UNIVERSITIES } from '@/generated/catalogue'
