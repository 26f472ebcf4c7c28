/** The sample job shown on the landing page's preview card; clearly labelled as a sample there. */
export const sampleJob = {
  title: 'Frontend Developer',
  company: 'Northwind Labs',
  location: 'Harare, Zimbabwe',
  salary: '$1,800 – $2,600 / month',
  jobType: 'Full-time',
  skills: ['React', 'TypeScript', 'Accessibility'],
  moreSkills: 2,
  // The preview rule keeps "Node.js" intact and stops at the first real sentence end.
  description:
    'Ship fast, accessible interfaces with React, TypeScript and Node.js every week. ' +
    'You will pair with our designers on the candidate app, review code and mentor two junior engineers. ' +
    'Remote-friendly, with a team day in Harare each month.',
} as const
