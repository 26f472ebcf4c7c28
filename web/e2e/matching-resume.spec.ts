import { readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { expect, test } from '@playwright/test'
import { card, gesturesReady, postJob, signedInCandidate, type CandidateProfile, type JobInput } from './support/feed.ts'

// On a phone with a finger: a pharmacist who typed two skills at onboarding and whose
// resume shows the rest in her own words (fixtures/matching/people-health.json).

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true })

type Person = {
  key: string
  candidate: {
    profile: { degree_class: string; degree_field: string; university: string; skills: string[]; experience_years: number }
    resume: string
  }
  job: JobInput & { degree_class: string | null }
}

function person(key: string): Person {
  const file = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'fixtures', 'matching', 'people-health.json')
  const found = (JSON.parse(readFileSync(file, 'utf8')) as Person[]).find((p) => p.key === key)
  if (!found) throw new Error(`people-health.json has no ${key}`)
  return found
}

test("a pharmacist's resume counts, quoted; her best match is the pharmacy job; the assistant lists pharmacy jobs", async ({
  page,
  request,
}) => {
  const pharmacist = person('pharmacist')
  const { degree_class: _noClassOnTheForm, ...pharmacyJob } = pharmacist.job
  const pharmacy = await postJob(request, pharmacyJob)
  // Another post in Harare and a pharmacy post elsewhere: neither answers "pharmacist jobs in Harare".
  const teacher = await postJob(request, {
    job_title: 'English Teacher',
    job_description: 'Teach English Language and Literature to Forms 1 to 4.',
    skills: ['Lesson planning', 'ZIMSEC marking', 'Classroom management'],
  })
  const bulawayo = await postJob(request, { ...pharmacyJob, location: 'Bulawayo, Zimbabwe' })

  const typed = pharmacist.candidate.profile
  const profile: CandidateProfile = {
    degreeClass: typed.degree_class,
    degreeField: typed.degree_field,
    university: typed.university,
    skills: typed.skills.join(', '),
    experienceYears: String(typed.experience_years),
    resumeText: pharmacist.candidate.resume,
  }
  await signedInCandidate(page, request, profile)

  await page.goto('/jobs?order=best')
  const first = page.locator('article[data-job-id]')
  await expect(first).toHaveAttribute('data-job-id', new RegExp(`^(${pharmacy}|${bulawayo})$`))
  await gesturesReady(page)
  const shown = await first.getAttribute('data-job-id')
  expect(shown === pharmacy || shown === bulawayo).toBe(true)
  expect(shown).not.toBe(teacher)

  await card(page, shown ?? '').getByRole('button', { name: 'Check my fit' }).tap()
  const fit = page.getByRole('dialog', { name: 'Your fit for this job' })
  await expect(fit).toContainText('Meets this job')
  await expect(fit).toContainText(
    `from your resume: Antimicrobial stewardship ("Led the AMS team's weekly rounds on 4 medical and surgical wards`,
  )
  await expect(fit).toContainText('Aseptic compounding ("')
  await fit.getByRole('button', { name: 'Close' }).tap()

  await page.getByRole('button', { name: 'Open SwipeJob AI' }).tap()
  const panel = page.getByRole('dialog', { name: 'SwipeJob AI' })
  await panel.getByPlaceholder('Ask me anything...').fill('Are there any pharmacist jobs in Harare?')
  await panel.getByRole('button', { name: 'Send message' }).tap()
  const log = panel.getByRole('log', { name: 'Conversation' })
  await expect(log).toContainText('matching "pharmacist Harare"')
  await expect(log.getByRole('link', { name: /^Hospital Pharmacist at / })).toHaveAttribute('href', `/job/${pharmacy}`)
  await expect(log.locator(`a[href="/job/${bulawayo}"]`)).toHaveCount(0)
  await expect(log.locator(`a[href="/job/${teacher}"]`)).toHaveCount(0)
})
