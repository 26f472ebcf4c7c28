import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { expect, test, type Page } from '@playwright/test'
import { toast } from './support/accounts.ts'
import { applyTo, openSignedIn, postJob as postJobAs, signUpEmployer, signUpOnboardedCandidate } from './support/applying.ts'
import { card, postJob, showCard, signedInCandidate, uniqueTitle } from './support/feed.ts'

// The resume upgrade dialog (spec, candidate §2, §4 "Resume upgrade", §5, §8, §9) against
// the real server: its ATS rubric, its upgrade, the core's PDF (in the worker) and My Documents.

const resumes = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'fixtures', 'resumes')

async function openUpgradeDialog(page: Page) {
  await page.goto('/jobs')
  await page.getByRole('navigation', { name: 'Candidate' }).getByRole('button', { name: 'Upgrade Resume' }).click()
  return page.getByRole('dialog', { name: 'Upgrade Your Resume' })
}

/** The number in an ATS score group ("62%" → 62). */
async function scoreIn(page: Page, group: string): Promise<number> {
  const text = await page.getByRole('group', { name: group, exact: true }).getByTestId('ats-score-value').textContent()
  return Number.parseInt(text ?? '', 10)
}

test('a resume with one achievement under four jobs is analysed, upgraded past 85, downloaded as PDF and saved to documents', async ({ page, request }) => {
  await signedInCandidate(page, request)
  const dialog = await openUpgradeDialog(page)
  await dialog.getByLabel('Resume file').setInputFiles(join(resumes, 'repeated-bullets.txt'))
  await dialog.getByRole('button', { name: 'Analyze Resume' }).click()

  const score = dialog.getByRole('group', { name: 'ATS score', exact: true })
  await expect(score).toBeVisible()
  const before = await scoreIn(page, 'ATS score')
  expect(before).toBeLessThan(85)
  await expect(score.getByTestId('ats-score-value')).toHaveClass(/text-orange-600/)
  await expect(score).toContainText('Needs improvement')
  await expect(toast(page, 'Your resume could be improved')).toBeVisible()
  await expect(page.getByText(`Current score: ${before}%`, { exact: true })).toBeVisible()
  await expect(dialog.getByRole('list', { name: 'Recommendations' }).getByRole('listitem').first()).toBeVisible()
  await expect(dialog.getByRole('list', { name: 'Flagged lines' })).toContainText('Repeated achievements')

  await dialog.getByRole('button', { name: 'Upgrade Resume' }).click()
  await expect(toast(page, 'Resume upgraded to ATS standard!')).toBeVisible()
  const upgraded = dialog.getByRole('group', { name: 'Upgraded ATS score' })
  await expect(upgraded.getByTestId('ats-score-value')).toHaveClass(/text-green-600/)
  expect(await scoreIn(page, 'Upgraded ATS score')).toBeGreaterThanOrEqual(85)
  const text = dialog.getByRole('textbox', { name: 'Your upgraded resume' })
  await expect(text).toHaveValue(/TATENDA MUSARIRI/)
  expect((await text.inputValue()).match(/customer satisfaction/g)).toHaveLength(1)
  await expect(dialog.getByRole('button', { name: 'Upgrade Resume' })).toHaveCount(0)

  const downloading = page.waitForEvent('download')
  await dialog.getByRole('button', { name: 'Download PDF' }).click()
  const download = await downloading
  expect(download.suggestedFilename()).toMatch(/^Resume – Tendai Moyo – \d{4}-\d{2}-\d{2}\.pdf$/)
  const pdf = readFileSync(await download.path())
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-')
  // What a recruiter's copy and paste gives (poppler's pdftotext): the title, the name, and
  // each bullet's mark with its text.
  const copied = execFileSync('pdftotext', ['-enc', 'UTF-8', await download.path(), '-'], { encoding: 'utf8' })
  expect(copied).toMatch(/^ATS-Optimized Resume\n+TATENDA MUSARIRI\nHarare, Zimbabwe\n/)
  expect(copied).toContain('\n- Increased customer satisfaction scores by 20%')
  await expect(toast(page, 'Resume downloaded as PDF!')).toBeVisible()

  const downloadingWord = page.waitForEvent('download')
  await dialog.getByRole('button', { name: 'Download as Word' }).click()
  const word = await downloadingWord
  expect(word.suggestedFilename()).toMatch(/^Resume – Tendai Moyo – \d{4}-\d{2}-\d{2}\.docx$/)
  expect(readFileSync(await word.path()).subarray(0, 2).toString('latin1')).toBe('PK')
  await expect(toast(page, 'Resume downloaded as Word!')).toBeVisible()

  await dialog.getByRole('button', { name: 'Save to Documents' }).click()
  await expect(toast(page, 'Resume saved to Documents!')).toBeVisible()
  await expect(dialog.getByRole('button', { name: 'Saved to Documents' })).toBeDisabled()
  const note = await dialog.getByText(/^Saved as Resume – Tendai Moyo – \d{4}-\d{2}-\d{2}\.pdf in My Documents\.$/).textContent()
  const savedName = /Resume – Tendai Moyo – \d{4}-\d{2}-\d{2}\.pdf/.exec(note ?? '')?.[0] ?? 'missing'

  await dialog.getByRole('button', { name: 'Close' }).click()
  await page.getByRole('navigation', { name: 'Candidate' }).getByRole('link', { name: 'Documents' }).click()
  const saved = page.getByRole('listitem', { name: savedName })
  await expect(saved).toBeVisible()
  await expect(saved).toContainText('Resume')
})

test('an upgrade that stays below 85 says so, with both scores, the flagged line and what it left out', async ({
  page,
  request,
}) => {
  await signedInCandidate(page, request)
  const dialog = await openUpgradeDialog(page)
  await dialog.getByLabel('Resume file').setInputFiles(join(resumes, 'weak-analyst.txt'))
  await dialog.getByRole('button', { name: 'Analyze Resume' }).click()
  const flagged = dialog.getByRole('list', { name: 'Flagged lines' })
  await expect(flagged).toContainText('Lines that do not belong')
  await expect(flagged).toContainText('“I like reading and netball and I go to church.”')
  // The recommendations are listed once.
  await expect(dialog.getByText('What to improve', { exact: true })).toHaveCount(0)
  const before = await scoreIn(page, 'ATS score')

  await dialog.getByRole('button', { name: 'Upgrade Resume' }).click()
  const upgraded = dialog.getByRole('group', { name: 'Upgraded ATS score' })
  await expect(upgraded).toBeVisible()
  const after = await scoreIn(page, 'Upgraded ATS score')
  expect(after).toBeLessThan(85)
  expect(after).toBeGreaterThanOrEqual(before)
  await expect(toast(page, `Resume improved from ${before}% to ${after}%`)).toBeVisible()
  await expect(toast(page, 'Resume upgraded to ATS standard!')).toHaveCount(0)
  // The toast names what is worth most of what is still missing; the dialog lists it all.
  const missing = dialog.getByRole('list', { name: 'Still missing' }).getByRole('listitem')
  const missingCount = await missing.count()
  expect(missingCount).toBeGreaterThan(1)
  const first = (await missing.first().textContent()) ?? ''
  await expect(toast(page, `Still missing: ${first} (and ${missingCount - 1} more, listed below)`)).toBeVisible()
  await expect(dialog.getByText(`From ${before}% to ${after}%.`)).toBeVisible()
  const hobbies = 'I like reading and netball and I go to church.'
  await expect(dialog.getByRole('list', { name: 'Left out' })).toContainText(`“${hobbies}”`)
  await expect(dialog.getByRole('textbox', { name: 'Your upgraded resume' })).not.toHaveValue(/netball/)

  // The candidate keeps the line: it is back, no longer listed, and the score pays for it.
  await dialog.getByRole('button', { name: `Keep “${hobbies}”` }).click()
  await expect(dialog.getByRole('textbox', { name: 'Your upgraded resume' })).toHaveValue(/netball/)
  await expect(dialog.getByRole('list', { name: 'Left out' })).not.toContainText('netball')
  await expect.poll(() => scoreIn(page, 'Upgraded ATS score')).toBeLessThan(after)
  const kept = await scoreIn(page, 'Upgraded ATS score')
  await expect(dialog.getByText(`From ${before}% to ${kept}%.`)).toBeVisible()
})

test('"Tailor my resume for this job" measures the resume against that job’s skills', async ({ browser, request }) => {
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true })
  const page = await phone.newPage()
  await signedInCandidate(page, request)
  const title = uniqueTitle('BI Analyst')
  const id = await postJob(request, { job_title: title, skills: ['Tableau', 'Power BI', 'SQL'] })
  await page.goto(`/job/${id}`)
  await page.getByRole('button', { name: 'Tailor my resume for this job' }).tap()
  const dialog = page.getByRole('dialog', { name: 'Upgrade Your Resume' })
  await expect(dialog.getByText(`Tailored for ${title}: keywords come from this job.`)).toBeVisible()
  await dialog.getByLabel('Resume file').setInputFiles(join(resumes, 'weak-analyst.txt'))
  await dialog.getByRole('button', { name: 'Analyze Resume' }).tap()
  const advice = dialog.getByRole('list', { name: 'Recommendations' })
  await expect(advice).toContainText('Tableau')
  await expect(advice).toContainText('Power BI')
  // The score says which part of it is the match to this job.
  const match = dialog.getByRole('region', { name: 'Match to the job' })
  await expect(match.getByRole('heading', { name: `Match to ${title}` })).toBeVisible()
  await expect(match).toContainText(/\d+ of \d+ points of the score: \d+ of the job's \d+ keywords are in your resume\./)
  await expect(match).toContainText(/Missing: .*Tableau/)
  await phone.close()
})

test('a job of the feed and a job applied to can be tailored for, from their cards, on a phone', async ({ browser, request }) => {
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true })
  const page = await phone.newPage()
  const employer = await signUpEmployer(request)
  const candidate = await signUpOnboardedCandidate(request, 'Tapiwa Ncube')
  const appliedTitle = uniqueTitle('Data Engineer')
  const appliedId = await postJobAs(request, employer, appliedTitle)
  await applyTo(request, candidate, appliedId)
  const feedTitle = uniqueTitle('Reporting Analyst')
  const feedId = await postJobAs(request, employer, feedTitle)
  await openSignedIn(page, candidate)

  await page.goto('/jobs')
  await showCard(page, feedId)
  await card(page, feedId).getByRole('button', { name: 'Tailor my resume for this job' }).tap()
  const dialog = page.getByRole('dialog', { name: 'Upgrade Your Resume' })
  await expect(dialog.getByText(`Tailored for ${feedTitle}: keywords come from this job.`)).toBeVisible()
  await dialog.getByRole('button', { name: 'Close' }).tap()

  await page.goto('/applications')
  const applied = page.getByRole('article', { name: appliedTitle })
  await applied.getByRole('button', { name: 'Tailor my resume for this job' }).tap()
  await expect(dialog.getByText(`Tailored for ${appliedTitle}: keywords come from this job.`)).toBeVisible()
  await phone.close()
})

test('a strong PDF resume scores 85 or more: green, "Great! Your resume is ATS-optimized", no upgrade', async ({ page, request }) => {
  await signedInCandidate(page, request)
  const dialog = await openUpgradeDialog(page)
  await dialog.getByLabel('Resume file').setInputFiles(join(resumes, 'strong-developer.pdf'))
  await dialog.getByRole('button', { name: 'Analyze Resume' }).click()

  await expect(toast(page, 'Great! Your resume is ATS-optimized')).toBeVisible()
  const score = await scoreIn(page, 'ATS score')
  expect(score).toBeGreaterThanOrEqual(85)
  await expect(page.getByText(`Score: ${score}%`, { exact: true })).toBeVisible()
  await expect(dialog.getByTestId('ats-score-value')).toHaveClass(/text-green-600/)
  await expect(dialog.getByRole('button', { name: 'Upgrade Resume' })).toHaveCount(0)
})

test('an unsupported file is refused with the spec message', async ({ page, request }) => {
  await signedInCandidate(page, request)
  const dialog = await openUpgradeDialog(page)
  await dialog.getByLabel('Resume file').setInputFiles({
    name: 'resume.zip',
    mimeType: 'application/zip',
    buffer: Buffer.from('PK\u0003\u0004 not a resume'),
  })
  await expect(toast(page, 'Please upload a valid file: PDF, Word, PNG, JPG, or TXT')).toBeVisible()
  await expect(dialog.getByRole('button', { name: 'Analyze Resume' })).toBeDisabled()
})

test('on a small screen the side menu opens the dialog, and Escape gives focus back to the menu', async ({ page, request }) => {
  await page.setViewportSize({ width: 390, height: 800 })
  await signedInCandidate(page, request)
  await page.goto('/jobs')
  await page.getByRole('button', { name: 'Menu' }).click()
  await page.getByRole('navigation', { name: 'Candidate menu' }).getByRole('button', { name: 'Upgrade Resume' }).click()
  const dialog = page.getByRole('dialog', { name: 'Upgrade Your Resume' })
  await expect(dialog.getByLabel('Resume file')).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(dialog).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Menu' })).toBeFocused()
})
