import { join, dirname } from 'node:path'
import { fileURLToPath } from 'node:url'
import { expect, test, type Locator, type Page } from '@playwright/test'
import { paths } from '../src/config/paths.ts'
import { openSignUp } from './support/accounts.ts'
import { openSignedIn } from './support/applying.ts'
import { showCard } from './support/feed.ts'
import { LONG_COMPANY, LONG_OPEN_TITLE, LONG_PLACE, LONG_TITLE, seedLongWorld, type LongWorld } from './support/long-content.ts'
import { expectFitsPhone, onPhone, PHONES } from './support/phone.ts'

// Every page of both sides and every dialog, panel and menu a phone can open, on a small
// Android phone (360×640) and an iPhone (390×844) with a finger, filled with long real content:
// a 90-character company, a 60-character job title, a long place, eight documents with the names
// phones give downloads, three proposed interview times. On each: nothing scrolls sideways,
// a dialog lies inside the screen, and every control can be scrolled onto the screen and is
// what a finger at its centre touches (support/phone.ts says exactly what is checked).
//
// One world is made through the API per phone; the tests of a phone run in order in one worker
// and change nothing in it (each dialog is opened, checked and closed).

/** Every page of the router the sweep opens (`/job/{id}` with the long job's id). */
const SWEPT: readonly string[] = [
  paths.home,
  paths.auth,
  paths.employerAuth,
  paths.forgotPassword,
  paths.resetPassword,
  paths.confirmEmail,
  paths.joinTeam,
  paths.hrApi,
  paths.jobs,
  paths.job,
  paths.applications,
  paths.documents,
  paths.interviewPrep,
  paths.onboarding,
  paths.notificationSettings,
  paths.employer,
  paths.employerApplications,
  paths.employerAnalytics,
  paths.employerPostJob,
  paths.employerBulkImport,
]
/** Addresses that are not pages: the old employer sign-in address redirects, the guide is a PDF. */
const NOT_PAGES: readonly string[] = [paths.employerAuthLegacy, paths.candidateGuidePdf]

const resumes = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'fixtures', 'resumes')

/** A CSV line as a spreadsheet writes it: every field quoted, so commas in names stay in them. */
function csvLine(fields: readonly (string | number)[]): string {
  return fields.map((field) => `"${String(field).replaceAll('"', '""')}"`).join(',')
}

/** A CSV as an HR system exports it: long names in every column, and a row missing its job type. */
const LONG_CSV = [
  'company_name,job_title,job_description,location,job_type,salary_min,salary_max,experience_years,qualifications,skills,requirements,benefits,degree_class,industry,experience_level,linkedin_url,company_logo',
  csvLine([
    LONG_COMPANY,
    LONG_TITLE,
    'Lead the clinical pharmacy service of the antiretroviral therapy clinics.',
    LONG_PLACE,
    'Full-time',
    1850,
    3400,
    5,
    'Bachelor of Pharmacy (Honours)',
    'Antiretroviral therapy;Pharmacovigilance;Dispensary management',
    'Registration with the Pharmacists Council of Zimbabwe',
    'Medical aid;Housing allowance',
    'Second Class Upper',
    'Health care',
    'Masters',
    '',
    '',
  ]),
  csvLine([LONG_COMPANY, 'Senior Pharmacy Technician and Dispensary Stock Controller', 'Keep three dispensaries stocked.', LONG_PLACE, '', 900, 1400, 2, '', 'Stock control', '', '', '', 'Health care', '', '', '']),
].join('\n')

/** Taps `opener` and returns the dialog named `name` once it shows. */
async function openDialog(page: Page, opener: Locator, name: string | RegExp): Promise<Locator> {
  await opener.tap()
  const dialog = page.getByRole('dialog', { name })
  await expect(dialog).toBeVisible()
  return dialog
}

/** Closes `dialog` with its own closing button (the last of its buttons), as a finger would. */
async function closeDialog(dialog: Locator) {
  await dialog.getByRole('button', { name: /^(Close|Cancel|Keep it)$/ }).last().tap()
  await expect(dialog).toBeHidden()
}

/** The page's level-one heading named `name`. */
function heading(page: Page, name: string | RegExp) {
  return page.getByRole('heading', { level: 1, name })
}

for (const phone of PHONES) {
  test.describe(`a ${phone.name} phone`, () => {
    // One world per phone: its tests run in order in one worker.
    test.describe.configure({ mode: 'default' })
    test.use(onPhone(phone))

    let world: LongWorld
    test.beforeAll(async ({ request }) => {
      world = await seedLongWorld(request)
    })

    /** Fails (softly) when the page, or `surface` on it, does not fit this phone. */
    const fits = (page: Page, what: string, surface?: Locator) => expectFitsPhone(page, phone, what, surface)

    test('public pages and their dialogs', async ({ page }) => {
      await page.goto(paths.home)
      await expect(heading(page, /Double Tap/)).toBeVisible()
      await fits(page, '/')
      for (const name of ['Location', 'Privacy Policy']) {
        const opener = page.getByRole('contentinfo').getByRole('button', { name })
        await expect(opener).toBeEnabled()
        const dialog = await openDialog(page, opener, name)
        await fits(page, `the ${name} dialog`, dialog)
        await closeDialog(dialog)
      }

      for (const [path, signUp] of [
        [paths.auth, 'Sign up'],
        [paths.employerAuth, 'Create an employer account'],
      ] as const) {
        await page.goto(path)
        await expect(page.locator('h1').first()).toBeVisible()
        await fits(page, `${path} (sign in)`)
        await openSignUp(page, signUp)
        await expect(page.getByLabel('Full Name')).toBeVisible()
        await fits(page, `${path} (sign up)`)
      }

      for (const path of [paths.forgotPassword, `${paths.forgotPassword}?portal=employer`]) {
        await page.goto(path)
        await expect(heading(page, 'Forgot your password?')).toBeVisible()
        await fits(page, path)
      }
      // Opened without the token its e-mail carries: the page says so and offers a new link.
      await page.goto(paths.resetPassword)
      await expect(heading(page, 'This link no longer works')).toBeVisible()
      await fits(page, `${paths.resetPassword} without its token`)
      // The confirmation link's page, opened without its token, signed out: it says so and offers sign-in.
      await page.goto(paths.confirmEmail)
      await expect(heading(page, 'This link no longer works')).toBeVisible()
      await expect(page.getByRole('link', { name: 'Sign in to get a new link' })).toBeVisible()
      await fits(page, `${paths.confirmEmail} without its token`)
      // A team invitation's page, opened without its token: it says so and leads home.
      await page.goto(paths.joinTeam)
      await expect(heading(page, 'This invitation no longer works')).toBeVisible()
      await fits(page, `${paths.joinTeam} without its token`)

      await page.goto(paths.hrApi)
      await expect(page.locator('h1').first()).toBeVisible()
      await fits(page, '/hr-api')

      await page.goto('/no-such-page')
      await expect(heading(page, 'Oops! Page not found')).toBeVisible()
      await fits(page, 'the 404 page')

      // Open to visitors; they are asked to sign in.
      for (const path of [paths.employerPostJob, paths.employerBulkImport]) {
        await page.goto(path)
        await expect(page.locator('h1').first()).toBeVisible()
        await fits(page, `${path} signed out`)
      }
    })

    test('the feed, its card\'s dialogs, the menu, the bell and the assistant', async ({ page }) => {
      await openSignedIn(page, world.candidate)
      await page.goto(paths.jobs)
      const jobCard = await showCard(page, world.openJob.id)
      await expect(jobCard).toContainText(LONG_PLACE.slice(0, 30))
      await fits(page, '/jobs with the long job')

      const description = await openDialog(page, jobCard.getByRole('button', { name: 'View full description' }), world.openJob.title)
      await fits(page, 'the full description dialog', description)
      await closeDialog(description)

      const fit = await openDialog(page, jobCard.getByRole('button', { name: 'Check my fit' }), 'Your fit for this job')
      await expect(fit.getByRole('status', { name: 'Checking your fit' })).toHaveCount(0)
      await expect(fit.getByText(/%/).first()).toBeVisible()
      await fits(page, 'the fit dialog', fit)
      await closeDialog(fit)

      const apply = await openDialog(
        page,
        page.getByRole('group', { name: 'Job actions' }).getByRole('button', { name: 'Apply to job' }),
        'Choose Application Method',
      )
      await expect(apply.getByRole('group', { name: 'Documents to send' }).getByRole('checkbox')).toHaveCount(8)
      await expect(apply.getByLabel('Cover letter')).toBeVisible()
      await fits(page, 'the apply dialog', apply)
      await closeDialog(apply)

      const tailor = await openDialog(page, jobCard.getByRole('button', { name: 'Tailor my resume for this job' }), 'Upgrade Your Resume')
      await fits(page, 'the resume upgrade dialog for the long job', tailor)
      await closeDialog(tailor)

      await page.getByRole('button', { name: 'Menu' }).tap()
      const menu = page.getByRole('navigation', { name: 'Candidate menu' })
      await expect(menu).toBeVisible()
      await fits(page, 'the candidate menu', menu)
      // From the menu: the resume upgrade dialog, through an analysis and an upgrade.
      const upgrade = await openDialog(page, menu.getByRole('button', { name: 'Upgrade Resume' }), 'Upgrade Your Resume')
      await fits(page, 'the resume upgrade dialog', upgrade)
      await upgrade.getByLabel('Resume file').setInputFiles(join(resumes, 'repeated-bullets.txt'))
      await upgrade.getByRole('button', { name: 'Analyze Resume' }).tap()
      await expect(upgrade.getByRole('group', { name: 'ATS score', exact: true })).toBeVisible()
      await fits(page, 'the resume upgrade dialog with its analysis', upgrade)
      await upgrade.getByRole('button', { name: 'Upgrade Resume' }).tap()
      await expect(upgrade.getByRole('textbox', { name: 'Your upgraded resume' })).toBeVisible()
      await fits(page, 'the resume upgrade dialog with the upgraded resume', upgrade)
      await closeDialog(upgrade)

      const bell = page.getByRole('button', { name: /^Notifications/ })
      await bell.tap()
      const panel = page.getByRole('region', { name: 'Your notifications' })
      await expect(panel.getByRole('link').first()).toBeVisible()
      await expect(panel.getByText('Loading…')).toHaveCount(0)
      await fits(page, 'the notifications panel', panel)
      await bell.tap()
      await expect(panel).toBeHidden()

      const chat = await openDialog(page, page.getByRole('button', { name: 'Open SwipeJob AI' }), 'SwipeJob AI')
      await fits(page, 'the assistant', chat)
      await chat.getByRole('button', { name: 'Find me a job' }).tap()
      const log = chat.getByRole('log', { name: 'Conversation' })
      // The greeting, the question and the answer.
      await expect(log.getByText('SwipeJob AI:')).toHaveCount(2)
      await fits(page, 'the assistant with an answer', chat)
      await chat.getByRole('button', { name: 'Close chat' }).tap()
      await expect(chat).toBeHidden()
    })

    test('the job\'s own page and the end of the feed with its alerts dialog', async ({ page, browser }) => {
      await openSignedIn(page, world.candidate)
      await page.goto(paths.job.replace(':id', world.openJob.id))
      await expect(page.getByRole('button', { name: 'Apply Now' })).toBeVisible()
      await fits(page, '/job/{id} with the long job')

      const ended = await browser.newContext(onPhone(phone))
      const feedPage = await ended.newPage()
      await openSignedIn(feedPage, world.feedEnded)
      await feedPage.goto(paths.jobs)
      // Jobs posted since the world was made come first; they are passed over.
      const waiting = feedPage.getByText('No more jobs available')
      const anyCard = feedPage.locator('article[data-job-id]')
      for (let step = 0; step < 30; step++) {
        await expect(anyCard.or(waiting).first()).toBeVisible()
        if (await waiting.isVisible()) break
        const current = await anyCard.getAttribute('data-job-id')
        await feedPage.getByRole('button', { name: 'Next job' }).tap()
        await expect(feedPage.locator(`article[data-job-id="${current}"]`)).toHaveCount(0)
      }
      await expect(waiting).toBeVisible()
      await expectFitsPhone(feedPage, phone, '/jobs at its end')
      const alerts = await openDialog(feedPage, feedPage.getByRole('button', { name: 'E-mail me new jobs' }), 'No More Jobs Available Right Now')
      await expectFitsPhone(feedPage, phone, 'the job alerts dialog', alerts)
      await closeDialog(alerts)
      await ended.close()
    })

    test('My Applications with three proposed times, and its delete dialog', async ({ page }) => {
      await openSignedIn(page, world.candidate)
      await page.goto(paths.applications)
      const mine = page.getByRole('article', { name: world.job.title })
      await expect(mine.getByRole('region', { name: 'Interview' }).getByRole('button', { name: /^Book / })).toHaveCount(3)
      await fits(page, '/applications with three proposed times')
      await mine.getByRole('button', { name: 'Cover Letter' }).tap()
      await mine.getByRole('button', { name: 'Your Documents' }).tap()
      await expect(mine.getByRole('listitem').filter({ hasText: 'Tariro_Moyo' }).first()).toBeVisible()
      await fits(page, '/applications with the cover letter and the eight documents open')
      const remove = await openDialog(page, mine.getByRole('button', { name: 'Delete Application' }), 'Delete Application')
      await fits(page, 'the delete application dialog', remove)
      await closeDialog(remove)
    })

    test('My Documents with eight documents, its QR code and delete dialogs, and a long file name chosen', async ({ page }) => {
      await openSignedIn(page, world.candidate)
      await page.goto(paths.documents)
      const documents = page.getByRole('list', { name: 'Documents' }).getByRole('listitem')
      await expect(documents).toHaveCount(8)
      await fits(page, '/documents with eight documents')
      const qrButton = page.getByRole('button', { name: /^QR code for Tariro_Moyo_Curriculum_Vitae_Clinical_Pharmacy_Antiretroviral/ }).first()
      const qr = await openDialog(page, qrButton, 'Resume QR Code')
      await expect(qr.getByRole('img').first()).toBeVisible()
      await expect(qr.getByRole('button', { name: 'Copy share link' })).toBeVisible()
      await fits(page, 'the QR code dialog', qr)
      await closeDialog(qr)
      const deleteButton = page.getByRole('button', { name: /^Delete Certificate in HIV and AIDS Management/ })
      const deleting = await openDialog(page, deleteButton, 'Delete document')
      await fits(page, 'the delete document dialog', deleting)
      await closeDialog(deleting)
      // A file chosen, not yet uploaded: its long name shows in the form.
      await page.getByLabel('File', { exact: true }).setInputFiles({
        name: 'Tariro_Moyo_Curriculum_Vitae_Clinical_Pharmacy_Antiretroviral_Therapy_2026_for_Mpilo.txt',
        mimeType: 'text/plain',
        buffer: Buffer.from('Tariro Moyo\nClinical Pharmacist, Bulawayo'),
      })
      await expect(page.getByRole('button', { name: 'Upload', exact: true })).toBeEnabled()
      await fits(page, '/documents with a long file name chosen')
    })

    test('interview practice, the four steps of onboarding and the candidate\'s settings', async ({ page }) => {
      await openSignedIn(page, world.candidate)
      await page.goto(paths.interviewPrep)
      await expect(heading(page, 'Interview Practice')).toBeVisible()
      await fits(page, '/interview-prep')

      await page.goto(paths.onboarding)
      for (let step = 1; step <= 4; step++) {
        await expect(page.getByText(`Step ${step} of 4`)).toBeVisible()
        await fits(page, `/onboarding step ${step}`)
        if (step < 4) await page.getByRole('button', { name: 'Next' }).tap()
      }

      await page.goto(paths.notificationSettings)
      const deleteAccount = page.getByRole('button', { name: 'Delete my account' })
      await expect(deleteAccount).toBeVisible()
      await expect(page.getByRole('heading', { name: 'Change password' })).toBeVisible()
      await expect(page.getByRole('heading', { name: 'E-mail address' })).toBeVisible()
      // Measured with its sessions listed, "Sign out" buttons and all.
      await expect(page.getByRole('region', { name: "Where you're signed in" }).getByText('This device')).toBeVisible()
      await fits(page, '/settings/notifications of a candidate')
      const confirm = await openDialog(page, deleteAccount, 'Delete my account')
      await fits(page, 'the delete account dialog', confirm)
      await closeDialog(confirm)
    })

    test('the employer\'s dashboard, its jobs\' dialogs, the menu, the bell and the assistant', async ({ page }) => {
      await openSignedIn(page, world.employer)
      await page.goto(paths.employer)
      const job = page.getByRole('article', { name: world.job.title })
      await expect(job).toContainText(LONG_COMPANY)
      await fits(page, '/employer (jobs)')

      const edit = await openDialog(page, job.getByRole('button', { name: 'Edit' }), 'Edit Job Posting')
      await expect(edit.getByLabel('Company name')).toHaveValue(LONG_COMPANY)
      await fits(page, 'the edit job dialog', edit)
      await closeDialog(edit)
      const stages = await openDialog(page, job.getByRole('button', { name: `Hiring stages of ${world.job.title}` }), 'Hiring stages')
      await expect(stages.getByText('Dispensary practical assessment')).toBeVisible()
      await fits(page, 'the hiring stages dialog', stages)
      await stages.getByRole('button', { name: 'Rename Dispensary practical assessment' }).tap()
      await expect(stages.getByLabel('New name for Dispensary practical assessment')).toHaveValue('Dispensary practical assessment')
      await fits(page, 'the hiring stages dialog renaming a stage', stages)
      await closeDialog(stages)
      const hiring = await openDialog(page, job.getByRole('button', { name: `Hiring team of ${world.job.title}` }), 'Hiring team')
      await expect(hiring.getByRole('checkbox').first()).toBeVisible()
      await expect(hiring.getByRole('list', { name: 'Selected criteria' })).toBeVisible()
      await fits(page, 'the hiring team dialog', hiring)
      await closeDialog(hiring)
      const remove = await openDialog(page, job.getByRole('button', { name: 'Delete' }), 'Delete job')
      await fits(page, 'the delete job dialog', remove)
      await closeDialog(remove)

      const tabs = page.getByRole('tablist', { name: 'Dashboard sections' })
      await tabs.getByRole('tab', { name: 'Applications' }).tap()
      await expect(page.getByRole('article', { name: world.candidateName })).toBeVisible()
      await fits(page, '/employer (applications)')
      await tabs.getByRole('tab', { name: 'Candidates' }).tap()
      await expect(page.getByText('2 people')).toBeVisible()
      await fits(page, '/employer (candidates)')
      await tabs.getByRole('tab', { name: 'Analytics' }).tap()
      await expect(page.getByRole('tabpanel').getByText('Total Applications')).toBeVisible()
      await fits(page, '/employer (analytics)')

      await page.getByRole('button', { name: 'Menu' }).tap()
      const menu = page.getByRole('navigation', { name: 'Employer menu' })
      await expect(menu).toBeVisible()
      await fits(page, 'the employer menu', menu)
      await page.getByRole('button', { name: 'Menu' }).tap()
      await expect(menu).toBeHidden()

      const bell = page.getByRole('button', { name: /^Notifications/ })
      await bell.tap()
      const panel = page.getByRole('region', { name: 'Your notifications' })
      await expect(panel.getByRole('link').first()).toBeVisible()
      await expect(panel.getByText('Loading…')).toHaveCount(0)
      await fits(page, 'the employer\'s notifications panel', panel)
      await bell.tap()
      await expect(panel).toBeHidden()

      const chat = await openDialog(page, page.getByRole('button', { name: 'Open SwipeJob AI' }), 'SwipeJob AI')
      await fits(page, 'the employer\'s assistant', chat)
      await chat.getByRole('button', { name: 'Close chat' }).tap()
      await expect(chat).toBeHidden()
    })

    test('the employer\'s applications and their dialogs', async ({ page }) => {
      await openSignedIn(page, world.employer)
      await page.goto(paths.employerApplications)
      await expect(heading(page, 'Manage Applications')).toBeVisible()
      const invited = page.getByRole('article', { name: world.candidateName })
      const waiting = page.getByRole('article', { name: world.waitingName })
      await expect(invited.getByRole('region', { name: 'Interview' })).toBeVisible()
      await expect(waiting).toBeVisible()
      await fits(page, '/employer/applications')

      const candidate = await openDialog(page, invited.getByRole('button', { name: 'View Candidate' }), 'Candidate Profile')
      await expect(candidate.getByRole('list', { name: 'Candidate documents' }).getByRole('listitem')).toHaveCount(5)
      await fits(page, 'the candidate profile dialog with five documents', candidate)
      await closeDialog(candidate)
      const comment = await openDialog(page, invited.getByRole('button', { name: 'Add Comment' }), 'Add Comment')
      await fits(page, 'the comment dialog', comment)
      await closeDialog(comment)
      const times = await openDialog(page, invited.getByRole('button', { name: 'New interview times' }), 'New interview times')
      await fits(page, 'the interview times dialog', times)
      await closeDialog(times)
      const cancel = await openDialog(page, invited.getByRole('button', { name: 'Cancel interview' }), 'Cancel the interview')
      await fits(page, 'the cancel interview dialog', cancel)
      await closeDialog(cancel)
      const remove = await openDialog(page, invited.getByRole('button', { name: 'Delete' }), 'Delete application')
      await fits(page, 'the delete application dialog', remove)
      await closeDialog(remove)
      const reject = await openDialog(page, waiting.getByRole('button', { name: 'Reject' }), 'Reject application')
      await fits(page, 'the reject dialog', reject)
      await closeDialog(reject)

      await page.getByRole('group', { name: 'View' }).getByRole('button', { name: 'Board' }).tap()
      const stages = page.getByRole('tablist', { name: 'Stages' })
      for (const stage of [/^Applied/, /^Interview/]) {
        await stages.getByRole('tab', { name: stage }).tap()
        await expect(page.getByRole('tabpanel').getByRole('article').first()).toBeVisible()
        await fits(page, `/employer/applications as a board (${String(stage)})`)
      }

      await page.goto(paths.employerAnalytics)
      await expect(heading(page, 'Analytics')).toBeVisible()
      await expect(page.getByText('Total Applications')).toBeVisible()
      await fits(page, '/employer/analytics')
    })

    test('posting a job, the CSV import with its preview, and the employer\'s settings', async ({ page }) => {
      await openSignedIn(page, world.employer)
      await page.goto(paths.employerPostJob)
      await expect(heading(page, 'Post a Job')).toBeVisible()
      for (const tab of ['Basic', 'Education', 'Requirements', 'Benefits', 'Compensation']) {
        await page.getByRole('tab', { name: tab }).tap()
        await expect(page.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true')
        await fits(page, `/employer/post-job (${tab})`)
      }

      await page.goto(paths.employerBulkImport)
      await expect(heading(page, 'Bulk Import')).toBeVisible()
      await fits(page, '/employer/bulk-import')
      await page.getByLabel('Choose CSV file').setInputFiles({
        name: 'Mpilo_Central_Hospital_Pharmacy_vacancies_export_2026-03.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from(LONG_CSV),
      })
      // Valid, invalid, total.
      await expect(page.getByRole('definition')).toHaveText(['1', '1', '2'])
      await fits(page, '/employer/bulk-import with the preview')

      await page.goto(paths.notificationSettings)
      const deleteAccount = page.getByRole('button', { name: 'Delete my account' })
      await expect(deleteAccount).toBeVisible()
      await expect(page.getByRole('heading', { name: 'Change password' })).toBeVisible()
      await expect(page.getByRole('heading', { name: 'E-mail address' })).toBeVisible()
      // Measured with its sessions listed, "Sign out" buttons and all.
      await expect(page.getByRole('region', { name: "Where you're signed in" }).getByText('This device')).toBeVisible()
      await fits(page, '/settings/notifications of an employer')
      const confirm = await openDialog(page, deleteAccount, 'Delete my account')
      await fits(page, 'the employer\'s delete account dialog', confirm)
      await closeDialog(confirm)
    })
  })
}

test('the sweep opens every page of the router', () => {
  const unswept = Object.values(paths).filter((path) => !SWEPT.includes(path) && !NOT_PAGES.includes(path))
  expect(unswept, 'pages the phone sweep does not open: add them to it').toEqual([])
})

/** A fixture shorter than it says would let the sweep pass for nothing. */
test('the long content is as long as it says', () => {
  expect(LONG_COMPANY).toHaveLength(90)
  expect(LONG_TITLE).toHaveLength(60)
  expect(LONG_OPEN_TITLE).toHaveLength(60)
  expect(LONG_PLACE.length).toBeGreaterThan(80)
})
