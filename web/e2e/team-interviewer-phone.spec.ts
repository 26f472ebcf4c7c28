import { expect, test, type APIRequestContext, type Page } from '@playwright/test'
import { signedInEmployer, toast, uniqueEmail } from './support/accounts.ts'
import { applyTo, signUpOnboardedCandidate } from './support/applying.ts'
import { mailsTo } from './support/mail.ts'
import { expectFitsPhone, PHONES } from './support/phone.ts'

// An interviewer, end to end against the real server: the admin posts two jobs, each with an
// applicant, invites a colleague as an interviewer in Settings → Team, and lists them on one job's
// hiring team once they have joined. On a phone with a finger (390×844, touch) the interviewer sees
// that job's applicant only, with nothing to change but their scorecard, and writes it with taps;
// the admin then reads it and the summary.

const PHONE = PHONES.find((p) => p.name === '390×844') ?? PHONES[0]
const PHONE_OPTIONS = { viewport: { width: PHONE.width, height: PHONE.height }, hasTouch: true, isMobile: true }
const COMPANY = 'Acme Zimbabwe'
const THEIR_JOB = 'Data Analyst, Parirenyatwa Group of Hospitals Pharmacy Stores'
const OTHER_JOB = 'Payroll Officer'
const INTERVIEWER = 'Nyasha Tanatswa Mutasa-Chinembiri'
const NOTE = 'Clear on joins; wants to automate the weekly stock report.'

/** Posts a job asking for SQL and Python (its scorecard's criteria until someone edits them); returns its id. */
async function postJob(request: APIRequestContext, token: string, title: string): Promise<string> {
  const response = await request.post('/api/v1/employer/jobs', {
    headers: { Authorization: `Bearer ${token}` },
    data: {
      company_name: COMPANY,
      job_title: title,
      job_type: 'Full-time',
      job_description: 'Turn stock data into weekly reports with SQL and Python.',
      location: 'Harare',
      skills: ['SQL', 'Python'],
    },
  })
  expect(response.status()).toBe(201)
  return ((await response.json()) as { job: { id: string } }).job.id
}

/** Whether nothing covers the page sideways at the phone's width. */
async function fitsWidth(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)
}

test('an interviewer on one job’s hiring team reads its applicant on a phone and writes a scorecard the admin reads', async ({
  browser,
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000)
  const token = await signedInEmployer(page, request)
  const theirJob = await postJob(request, token, THEIR_JOB)
  const otherJob = await postJob(request, token, OTHER_JOB)
  await applyTo(request, await signUpOnboardedCandidate(request, 'Tendai Moyo'), theirJob)
  await applyTo(request, await signUpOnboardedCandidate(request, 'Chipo Ndlovu'), otherJob)

  // The admin invites a colleague as an interviewer.
  await page.goto('/settings/notifications')
  const team = page.getByRole('region', { name: 'Team' })
  await expect(team.getByText('Rudo Chikore')).toBeVisible()
  await expect(team.getByLabel('What each role may do')).toContainText('Interviewer: As an interviewer, you read the applicants')
  const colleague = uniqueEmail('interviewer')
  await team.getByLabel('E-mail address').fill(colleague)
  await team.getByLabel('Role', { exact: true }).selectOption({ label: 'Interviewer' })
  await team.getByRole('button', { name: 'Send invitation' }).click()
  await expect(toast(page, `Invitation e-mailed to ${colleague}`)).toBeVisible()
  await expect(team.getByText(/^Interviewer · link works until/)).toBeVisible()

  const subject = `Join ${COMPANY} on JobTap`
  await expect.poll(() => mailsTo(colleague, subject).length).toBe(1)
  const text = mailsTo(colleague, subject)[0]
  expect(text).toContain(`Rudo Chikore invited you to join ${COMPANY} on JobTap as an interviewer`)
  const link = /(http\S+\/join-team#token=[\w-]+)/.exec(text)?.[1] ?? ''

  // The colleague joins on a phone, with taps; on no job yet, they are told so.
  const phone = await browser.newContext({ ...PHONE_OPTIONS, baseURL })
  const onPhone = await phone.newPage()
  await onPhone.goto(link)
  await expect(onPhone.getByRole('heading', { name: `Join ${COMPANY}` })).toBeVisible()
  await expect(onPhone.getByText('You are invited as an interviewer')).toBeVisible()
  await onPhone.getByLabel('Your full name').fill(INTERVIEWER)
  await onPhone.getByLabel('Choose a password').fill('jacaranda in October 1994')
  await onPhone.getByRole('button', { name: 'Join the team' }).tap()
  await expect(toast(onPhone, `You joined ${COMPANY}`)).toBeVisible()
  await expect(onPhone).toHaveURL(/\/employer$/)
  await expect(onPhone.getByRole('heading', { name: 'You are not on any job’s hiring team yet.' })).toBeVisible()
  await expect(onPhone.getByText('Ask a recruiter to add you.')).toBeVisible()

  // The admin lists them on one job's hiring team, from the job's card.
  await page.goto('/employer')
  const card = page.getByRole('article', { name: THEIR_JOB })
  await card.getByRole('button', { name: `Hiring team of ${THEIR_JOB}` }).click()
  const teamDialog = page.getByRole('dialog', { name: 'Hiring team' })
  // The scorecard's criteria, drawn from the job's skills until someone edits them.
  await expect(teamDialog.getByRole('list', { name: 'Selected criteria' }).getByRole('listitem')).toHaveText(['SQL', 'Python'])
  const box = teamDialog.getByRole('checkbox', { name: new RegExp(INTERVIEWER) })
  await expect(box).not.toBeChecked()
  await box.check()
  await teamDialog.getByRole('button', { name: 'Save hiring team' }).click()
  await expect(toast(page, 'Hiring team saved')).toBeVisible()
  await teamDialog.getByRole('button', { name: 'Close' }).click()
  await expect(teamDialog).toHaveCount(0)

  // On the phone: that job's applicant only, and nothing to change but the scorecard.
  await onPhone.reload()
  await expect(onPhone.getByRole('region', { name: 'Your jobs' })).toContainText(THEIR_JOB)
  await expect(onPhone.getByRole('region', { name: 'Your jobs' })).not.toContainText(OTHER_JOB)
  const applicant = onPhone.getByRole('article', { name: 'Tendai Moyo' })
  await expect(applicant).toBeVisible()
  await expect(onPhone.getByRole('article', { name: 'Chipo Ndlovu' })).toHaveCount(0)
  await expect(applicant.getByRole('button')).toHaveText(['View Candidate'])
  await expect(applicant.getByRole('combobox')).toHaveCount(0)
  for (const name of ['AI Recommendation', 'Export CSV', 'Rejected']) {
    await expect(onPhone.getByRole('button', { name, exact: true })).toHaveCount(0)
  }
  expect(await fitsWidth(onPhone)).toBe(true)
  await expectFitsPhone(onPhone, PHONE, 'the interviewer’s applicants')
  // The phone's menu offers no posting or import.
  await onPhone.getByRole('button', { name: 'Menu' }).tap()
  const menu = onPhone.getByRole('navigation', { name: 'Employer menu' })
  await expect(menu.getByRole('link')).toHaveText(['Dashboard', 'Settings'])
  await expectFitsPhone(onPhone, PHONE, 'the interviewer’s menu', menu)
  await onPhone.getByRole('button', { name: 'Menu' }).tap()
  await expect(menu).toHaveCount(0)

  await applicant.getByRole('button', { name: 'View Candidate' }).tap()
  const profile = onPhone.getByRole('dialog', { name: 'Candidate Profile' })
  const sql = profile.getByRole('group', { name: 'SQL' })
  const python = profile.getByRole('group', { name: 'Python' })
  await expect(sql.getByRole('button')).toHaveText(['1Strong no', '2No', '3Yes', '4Strong yes'])
  // Big enough for a finger.
  for (const button of await sql.getByRole('button').all()) {
    const size = await button.boundingBox()
    expect(size?.height ?? 0).toBeGreaterThanOrEqual(44)
    expect(size?.width ?? 0).toBeGreaterThanOrEqual(44)
  }
  await sql.getByRole('button', { name: 'Yes', exact: true }).tap()
  await python.getByRole('button', { name: 'Strong yes', exact: true }).tap()
  await expect(sql.getByRole('button', { name: 'Yes', exact: true })).toHaveAttribute('aria-pressed', 'true')
  await expect(python.getByRole('button', { name: 'Strong yes', exact: true })).toHaveAttribute('aria-pressed', 'true')
  await profile.getByLabel('Note').fill(NOTE)
  await expectFitsPhone(onPhone, PHONE, 'the candidate dialog with the scorecard', profile)
  await profile.getByRole('button', { name: 'Save scorecard' }).tap()
  await expect(toast(onPhone, 'Scorecard saved')).toBeVisible()
  await expect(profile.getByText(/^You last saved your scorecard on/)).toBeVisible()
  // An interviewer reads their own card, not the team's.
  await expect(profile.getByRole('region', { name: 'The team’s scorecards' })).toHaveCount(0)

  // What was saved is what the server holds: the phone reads it back.
  await onPhone.reload()
  await onPhone.getByRole('article', { name: 'Tendai Moyo' }).getByRole('button', { name: 'View Candidate' }).tap()
  await expect(profile.getByRole('group', { name: 'Python' }).getByRole('button', { name: 'Strong yes', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  )
  await expect(profile.getByLabel('Note')).toHaveValue(NOTE)
  await phone.close()

  // The admin reads the scorecard and the summary on the applicant.
  await page.goto('/employer/applications')
  await page.getByRole('article', { name: 'Tendai Moyo' }).getByRole('button', { name: 'View Candidate' }).click()
  const adminProfile = page.getByRole('dialog', { name: 'Candidate Profile' })
  const scorecards = adminProfile.getByRole('region', { name: 'The team’s scorecards' })
  // (3 + 4) / 2 = 3.5, which rounds to 4: Strong yes.
  await expect(scorecards).toContainText('1 scorecard, average 3.5 of 4 (Strong yes)')
  const byCriterion = scorecards.getByLabel('Average by criterion')
  await expect(byCriterion).toContainText('SQL3.0 · 1 rating')
  await expect(byCriterion).toContainText('Python4.0 · 1 rating')
  const theirs = scorecards.getByRole('article', { name: `Scorecard by ${INTERVIEWER}` })
  await expect(theirs).toContainText('SQL: Yes')
  await expect(theirs).toContainText('Python: Strong yes')
  await expect(theirs).toContainText(NOTE)
})
