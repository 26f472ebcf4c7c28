// A deterministic bulk-import file for the benchmark: every template column,
// quoted commas and doubled quotes, multi-line descriptions, and about 5 %
// invalid rows (one defect each, of eight kinds).

const COLUMNS = [
  'company_name',
  'job_title',
  'job_description',
  'location',
  'job_type',
  'salary_min',
  'salary_max',
  'experience_years',
  'qualifications',
  'skills',
  'requirements',
  'benefits',
  'degree_class',
  'industry',
  'experience_level',
  'linkedin_url',
  'company_logo',
] as const

const COMPANIES = [
  'Zuva Analytics',
  'Moyo, Dube & Partners',
  'Kudu Logistics',
  'Chimanimani Coffee Co.',
  'Mbare Code Club',
  'Hwange Safari Lodge',
  'Umoja Remote',
  'Sengwa Holdings',
  'Crème Bakery',
  'Ngũgĩ & Wambui Consulting',
]
const TITLES = [
  'Data Analyst',
  'Sales Lead, Northern Region',
  'Dispatcher',
  'Barista Trainer',
  'Frontend Developer',
  'Lodge Manager',
  'Technical Writer',
  'Payroll Officer',
  'Site Engineer',
  'HR Officer, Recruitment',
]
const LOCATIONS = ['Harare, Zimbabwe', 'Bulawayo, Zimbabwe', 'Remote', 'Mutare', 'Nairobi, Kenya', 'Gweru']
const JOB_TYPES = ['Full-time', 'Part-time', 'Contract', 'Remote', 'full-time']
const SKILLS = ['SQL', 'Excel', 'Power BI', 'React', 'TypeScript', 'Customer service', 'Route planning', 'Payroll']
const BENEFITS = ['Medical aid', 'Pension', 'Fuel, airtime and data allowance', 'Study leave', 'Remote Fridays']
const DEGREE_CLASSES = ['', 'First Class', 'Second Class Upper', 'Second Class Lower']
const INDUSTRIES = ['Technology', 'Logistics', 'Hospitality', 'Finance', 'Retail']
const LEVELS = ['', 'Certificate', 'Diploma', 'Bachelors', 'Masters']

/** mulberry32: a small seeded generator, so every run parses the same file. */
function random(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/** RFC 4180: quoted when it holds a comma, quote or line break; quotes doubled. */
function csvCell(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value
}

/** The header and `rows` job rows, LF line ends, ending in a line break. */
export function generateImportCsv(rows: number, seed = 20_251_122): string {
  const next = random(seed)
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T
  const lines: string[] = [COLUMNS.join(',')]
  for (let i = 0; i < rows; i++) {
    const company = pick(COMPANIES)
    const title = pick(TITLES)
    const location = pick(LOCATIONS)
    const multiLine = next() < 0.3
    const description = multiLine
      ? `Join ${company} in ${location}.\nYou will:\n- own the "${title}" work, end to end\n- report weekly\n\nShifts are 8 hours, with one weekend in three.`
      : `${company} is hiring a ${title}. You will work with our ${pick(INDUSTRIES).toLowerCase()} team, and "own" your results.`
    const min = 300 + Math.floor(next() * 30) * 100
    const max = min + 100 + Math.floor(next() * 20) * 100
    const grouped = next() < 0.2
    const fmt = (n: number) => (grouped ? n.toLocaleString('en-US') : String(n))
    const cells: string[] = [
      company,
      title,
      description,
      location,
      pick(JOB_TYPES),
      next() < 0.1 ? '' : fmt(min),
      next() < 0.1 ? '' : fmt(max),
      next() < 0.15 ? '' : String(Math.floor(next() * 10)),
      next() < 0.5 ? 'BSc in Statistics, or equivalent experience' : '',
      [pick(SKILLS), pick(SKILLS), pick(SKILLS)].join('; '),
      '2+ years of reporting; Driver\'s licence; Good communication',
      [pick(BENEFITS), pick(BENEFITS)].join('; '),
      pick(DEGREE_CLASSES),
      pick(INDUSTRIES),
      pick(LEVELS),
      next() < 0.3 ? `https://www.linkedin.com/jobs/view/${100000 + i}` : '',
      next() < 0.2 ? `https://cdn.example.com/logos/${i % 50}.png` : '',
    ]
    // One row in 20 has one defect, of eight kinds in turn.
    if (i % 20 === 13) {
      const defect = Math.floor(i / 20) % 8
      if (defect === 0) cells[0] = ''
      else if (defect === 1) cells[1] = ''
      else if (defect === 2) cells[2] = ''
      else if (defect === 3) cells[3] = '   '
      else if (defect === 4) cells[4] = 'Internship'
      else if (defect === 5) cells[5] = 'abc'
      else if (defect === 6) cells[7] = '2.5'
      else [cells[5], cells[6]] = ['5000', '900']
    }
    lines.push(cells.map(csvCell).join(','))
  }
  return `${lines.join('\n')}\n`
}
