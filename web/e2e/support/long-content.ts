import { expect, type APIRequestContext } from '@playwright/test'
import { signUpThroughApi, uniqueEmail, type Account } from './accounts.ts'
import { auth, resumePdf } from './applying.ts'

// A world of long real content, made through the API for the phone tests: the longest names
// people really give a company, a job, a place and their files, so a phone shows the worst of
// what it will meet.

/** A company name of 90 characters. */
export const LONG_COMPANY = 'Mpilo Central Hospital Pharmacy and Dispensary Services, of the Bulawayo Provincial Health'
/** A job title of 60 characters. */
export const LONG_TITLE = 'Principal Clinical Pharmacist, Antiretroviral Therapy Clinic'
/** A second job of 60 characters, open to apply to (the candidate has applied to the first). */
export const LONG_OPEN_TITLE = 'Pharmacovigilance Officer (Adverse Drug Reaction Monitoring)'
/** A place name as a hospital writes its address. */
export const LONG_PLACE = 'Mpilo Central Hospital, Vera Road, Mzilikazi, Bulawayo Metropolitan Province, Zimbabwe'
/** An address shared on an employer's application e-mail: one long word to a phone. */
const LONG_EMAIL = 'pharmacy.recruitment.officer@mpilo-central-hospital-bulawayo.example.org'

/** The candidate's documents: a phone's download names (one long word) and names typed by hand. */
const DOCUMENT_NAMES = [
  'Tariro_Moyo_Curriculum_Vitae_Clinical_Pharmacy_Antiretroviral_Therapy_2026_final.txt',
  'Tariro_Moyo_Curriculum_Vitae_Clinical_Pharmacy_Antiretroviral_Therapy_2026_short.txt',
  'Tariro Moyo - Curriculum Vitae for Mpilo Central Hospital, Bulawayo (March 2026).txt',
  'Tariro Moyo - Curriculum Vitae, Community Pharmacy and Dispensary Management (2025).txt',
  'WhatsApp_Document_2026-03-14_at_09.41.27_Tariro_Moyo_CV_Pharmacist_Bulawayo.txt',
]
const CERTIFICATE_NAMES = [
  'Pharmacists_Council_of_Zimbabwe_Practising_Certificate_2026_Tariro_Moyo.pdf',
  'Certificate in HIV and AIDS Management, Africa University (with distinction).pdf',
]

const RESUME_TEXT = `Tariro Moyo
Clinical Pharmacist, Bulawayo
Skills: antiretroviral therapy, pharmacovigilance, dispensary management, stock control, SQL
2019 - 2026 Clinical Pharmacist at United Bulawayo Hospitals
2016 - 2019 Pharmacist at Mpilo Central Hospital`

/** Everything a phone sweep opens: an employer, their job and the people who applied. */
export type LongWorld = {
  employer: Account
  /** Eight documents, applied with five of them, invited to an interview at three times. */
  candidate: Account
  /** A second applicant, still waiting for a decision (Accept and Reject show for them). */
  waiting: Account
  /** A candidate whose feed has ended (every job passed over). */
  feedEnded: Account
  job: { id: string; title: string }
  /** A job no one has applied to yet. */
  openJob: { id: string; title: string }
  candidateName: string
  waitingName: string
}

function postLongJob(request: APIRequestContext, employer: Account, extra: Record<string, unknown>) {
  return request.post('/api/v1/employer/jobs', {
    headers: auth(employer),
    data: {
      company_name: LONG_COMPANY,
      job_title: LONG_TITLE,
      job_type: 'Full-time',
      // A vacancy reference of its own: the feed shows one card for postings that are the same job
      // (company, title, place and description), and each phone's world posts these jobs again.
      job_description: `Lead the clinical pharmacy service of the antiretroviral therapy clinics: review regimens, counsel patients on adherence, run pharmacovigilance reporting and keep the dispensary stocked across three sites. Vacancy reference MCH/PHA/2026/${Math.floor(Math.random() * 1e6)}.`,
      location: LONG_PLACE,
      salary_min: 1850,
      salary_max: 3400,
      skills: ['Antiretroviral therapy', 'Pharmacovigilance', 'Dispensary management', 'Stock control', 'SQL'],
      requirements: [
        'Bachelor of Pharmacy (Honours) and registration with the Pharmacists Council of Zimbabwe',
        'Five years of clinical pharmacy practice, two of them in antiretroviral therapy clinics',
        'Experience supervising pharmacy technicians and dispensary assistants across several sites',
      ],
      benefits: ['Medical aid for the whole family', 'Housing allowance', 'Transport allowance', 'Continuing professional development', 'Pension fund'],
      experience_years: 3,
      minimum_score_threshold: 0,
      application_email: LONG_EMAIL,
      ...extra,
    },
  })
}

/** Signs up and onboards a candidate whose preferred place is the long one. */
async function onboardedCandidate(request: APIRequestContext, fullName: string): Promise<Account> {
  const account = await signUpThroughApi(request, '/api/v1/auth/signup', { email: uniqueEmail('cand'), full_name: fullName })
  const onboarded = await request.post('/api/v1/profile/onboarding', {
    headers: auth(account),
    multipart: {
      full_name: fullName,
      degree_class: '2.1 Class',
      degree_field: 'Bachelor of Pharmacy (Honours), Clinical and Community Pharmacy Practice',
      university: 'NUST',
      skills: 'Antiretroviral therapy, Pharmacovigilance, Dispensary management, Stock control, SQL',
      experience_years: '7',
      preferred_location: LONG_PLACE,
      min_salary: '1500',
      max_salary: '3500',
      job_types: 'Full-time',
      resume: {
        name: 'Tariro_Moyo_Curriculum_Vitae_Clinical_Pharmacy_Mpilo_Central_Hospital_2026.pdf',
        mimeType: 'application/pdf',
        buffer: resumePdf,
      },
    },
  })
  expect(onboarded.status()).toBe(200)
  account.body.user.onboarded = true
  return account
}

/** Uploads one document of `type` named `name`. */
async function upload(request: APIRequestContext, account: Account, type: 'resume' | 'certificate', name: string) {
  const pdf = name.endsWith('.pdf')
  const response = await request.post('/api/v1/documents', {
    headers: auth(account),
    multipart: {
      document_type: type,
      file: { name, mimeType: pdf ? 'application/pdf' : 'text/plain', buffer: pdf ? resumePdf : Buffer.from(RESUME_TEXT) },
    },
  })
  expect(response.status()).toBe(201)
}

/** Passes over every job in `account`'s feed (as swiping left would), so it ends at once. */
async function rejectEveryJob(request: APIRequestContext, account: Account) {
  const ids: string[] = []
  let cursor = ''
  do {
    const page = await request.get(`/api/v1/jobs?limit=50${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`, { headers: auth(account) })
    expect(page.status()).toBe(200)
    const body = (await page.json()) as { jobs: { id: string }[]; next_cursor: string | null }
    ids.push(...body.jobs.map((job) => job.id))
    cursor = body.next_cursor ?? ''
  } while (cursor)
  for (const id of ids) {
    // A job its employer removed meanwhile is gone from the feed anyway.
    expect([204, 404]).toContain((await request.put(`/api/v1/jobs/${id}/rejection`, { headers: auth(account) })).status())
  }
}

/** A day `days` from now at `time`, as a datetime-local field writes it. */
function dayAt(days: number, time: string): string {
  return `${new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)}T${time}`
}

/**
 * Makes the long world: the employer of the 90-character company with two 60-character jobs at
 * the long place (the first with a stage of its own) and a paused third, a candidate with eight
 * documents who applied with five of them (the most an application carries) and was invited to an interview at three times at the
 * long place, with a note and feedback on the application, and a second applicant still waiting.
 */
export async function seedLongWorld(request: APIRequestContext): Promise<LongWorld> {
  const employer = await signUpThroughApi(request, '/api/v1/auth/employer/signup', {
    email: uniqueEmail('emp'),
    full_name: 'Nomvula Ncube-Dlamini',
    company_name: LONG_COMPANY,
  })
  const posted = await postLongJob(request, employer, {})
  expect(posted.status()).toBe(201)
  const job = (await posted.json()).job as { id: string; job_title: string }
  const open = await postLongJob(request, employer, { job_title: LONG_OPEN_TITLE })
  expect(open.status()).toBe(201)
  const openJob = (await open.json()).job as { id: string; job_title: string }
  const second = await postLongJob(request, employer, { job_title: 'Senior Pharmacy Technician, Night Shift Dispensary (Relief)' })
  expect(second.status()).toBe(201)
  const secondId = (await second.json()).job.id as string
  const paused = await request.put(`/api/v1/employer/jobs/${secondId}/status`, { headers: auth(employer), data: { is_active: false } })
  expect(paused.status()).toBe(200)
  const stage = await request.post(`/api/v1/employer/jobs/${job.id}/stages`, {
    headers: auth(employer),
    data: { name: 'Dispensary practical assessment', after: 'screening' },
  })
  expect(stage.status()).toBe(201)

  const candidateName = 'Tariro Moyo-Chikwanha'
  const candidate = await onboardedCandidate(request, candidateName)
  for (const name of DOCUMENT_NAMES) await upload(request, candidate, 'resume', name)
  for (const name of CERTIFICATE_NAMES) await upload(request, candidate, 'certificate', name)
  const listed = await request.get('/api/v1/documents', { headers: auth(candidate) })
  expect(listed.status()).toBe(200)
  const documentIds = ((await listed.json()).documents as { id: string }[]).map((d) => d.id)
  expect(documentIds).toHaveLength(8)

  const applied = await request.post('/api/v1/applications', {
    headers: auth(candidate),
    // As many as an application carries (the core's MAX_APPLICATION_DOCUMENTS).
    data: { job_id: job.id, document_ids: documentIds.slice(0, 5) },
  })
  expect(applied.status()).toBe(201)
  const applicationId = (await applied.json()).id as string
  const moved = await request.post(`/api/v1/employer/applications/${applicationId}/stage`, {
    headers: auth(employer),
    data: { stage: 'interview' },
  })
  expect(moved.status()).toBe(200)
  const proposed = await request.put(`/api/v1/employer/applications/${applicationId}/interview`, {
    headers: auth(employer),
    data: {
      // The times are shown in the employer's zone, named: a long zone name.
      time_zone: 'America/Argentina/Buenos_Aires',
      slots: [dayAt(3, '09:30'), dayAt(4, '14:00'), dayAt(5, '16:15')],
      duration_minutes: 45,
      location: LONG_PLACE,
    },
  })
  expect(proposed.status()).toBe(200)
  const noted = await request.put(`/api/v1/employer/applications/${applicationId}/comment`, {
    headers: auth(employer),
    data: {
      private_note: 'Strong antiretroviral therapy background; ask about supervising the Njube and Entumbane satellite dispensaries.',
      employer_comment:
        'Thank you for your application. Please bring your Pharmacists Council of Zimbabwe practising certificate to the interview.',
    },
  })
  expect(noted.status()).toBe(200)

  const waitingName = 'Nokuthula Sibanda-Mthethwa'
  const waiting = await onboardedCandidate(request, waitingName)
  expect((await request.post('/api/v1/applications', { headers: auth(waiting), data: { job_id: job.id } })).status()).toBe(201)

  const feedEnded = await onboardedCandidate(request, 'Farai Mutasa')
  await rejectEveryJob(request, feedEnded)

  return { employer, candidate, waiting, feedEnded, job: { id: job.id, title: job.job_title }, openJob: { id: openJob.id, title: openJob.job_title }, candidateName, waitingName }
}
