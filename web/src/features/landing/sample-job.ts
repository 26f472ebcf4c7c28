import { JOB_TYPES } from '@/generated/catalogue'

/** The sample job shown on the landing page's preview card; clearly labelled as a sample there. */
export const sampleJob = {
  title: 'Frontend Developer',
  company: 'Northwind Labs',
  location: 'Harare, Zimbabwe',
  salaryMin: 1800,
  salaryMax: 2600,
  /** As the core writes a salary range (a test holds it to `formatSalaryRange`). */
  salary: '$1,800 - $2,600',
  jobType: JOB_TYPES[0],
  skills: ['React', 'TypeScript', 'Accessibility'],
  moreSkills: 2,
  // The preview rule keeps "Node.js" intact and stops at the first real sentence end.
  description:
    'Ship fast, accessible interfaces with React, TypeScript and Node.js every week. ' +
    'You will pair with our designers on the candidate app, review code and mentor two junior engineers. ' +
    'Remote-friendly, with a team day in Harare each month.',
} as const
