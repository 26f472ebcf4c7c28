/** Degree classes offered at onboarding (spec, candidate §3 "Other facts"). */
export const DEGREE_CLASSES = ['1st Class', '2.1 Class', '2.2 Class', '3rd Class', 'Diploma'] as const
/** Fields of study: the employer's required-degree options, which the fit score compares. */
export { REQUIRED_DEGREES as FIELDS_OF_STUDY } from '../employer-jobs/options'
/** Universities offered at onboarding. */
export const UNIVERSITIES = ['University of Zimbabwe (UZ)', 'NUST', 'HIT', 'MSU', 'GZU', 'Chinhoyi', 'Other'] as const
/** Job type preferences. */
export const JOB_TYPES = ['Full-time', 'Part-time', 'Contract', 'Remote'] as const
