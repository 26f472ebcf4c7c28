import { readFileSync } from 'node:fs'
import { expect, test } from '@playwright/test'
import { toast } from './support/accounts.ts'
import { signedInCandidate } from './support/feed.ts'
import { BASE_ARGS, openInterview, POSITION, skipReadingTime } from './support/interview.ts'

// Interview practice (spec, candidate §2, §4 "Interview flow", §5, §8, §9)
// against the real server, with Chromium's fake camera (a test pattern) and
// microphone (a beep).

// Launch options force a worker of their own, so they are set for the whole file;
// the denied-permission run is in interview-denied.spec.ts.
test.use({
  launchOptions: {
    executablePath: '/usr/bin/chromium',
    args: [...BASE_ARGS, '--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream'],
  },
})

test.describe('with a camera and microphone', () => {
  test('setup asks for a position, then for the camera, and enables it', async ({ page, request }) => {
    await signedInCandidate(page, request)
    await openInterview(page)

    await page.getByRole('button', { name: 'Start Interview' }).click()
    await expect(toast(page, 'Please enter a job title')).toBeVisible()

    await page.getByLabel('Job Position').fill(POSITION)
    await page.getByRole('button', { name: 'Start Interview' }).click()
    await expect(toast(page, 'Please enable your camera to start the interview')).toBeVisible()

    await page.getByRole('button', { name: 'Enable Camera' }).click()
    await expect(toast(page, 'Camera and microphone enabled')).toBeVisible()
    await expect(page.getByRole('button', { name: 'Disable Camera' })).toBeVisible()
    // The spec's capture settings reached the browser: 1280×720 from the fake camera.
    const preview = page.getByLabel('Camera preview')
    await expect.poll(() => preview.evaluate((v: HTMLVideoElement) => `${v.videoWidth}x${v.videoHeight}`)).toBe('1280x720')

    await page.getByRole('button', { name: 'Disable Camera' }).click()
    await expect(page.getByText('Camera is off')).toBeVisible()

    await page.getByRole('link', { name: 'Back to Jobs' }).click()
    await expect(page).toHaveURL(/\/jobs$/)
  })

  test('a whole interview: five questions, the report from measurements only, downloaded, copied and reset', async ({
    page,
    request,
    context,
  }) => {
    test.setTimeout(120_000)
    await context.grantPermissions(['clipboard-read', 'clipboard-write'])
    await page.addInitScript(() => {
      // Desktop Chromium on Linux has no share sheet; make sure, so the clipboard path is what runs.
      if ('share' in Navigator.prototype) Reflect.deleteProperty(Navigator.prototype, 'share')
    })
    // The five questions' reading times (40 s in all) are skipped on the page's clock.
    await page.clock.install()
    await signedInCandidate(page, request)
    await openInterview(page)

    await page.getByLabel('Job Position').fill(POSITION)
    await page.getByRole('button', { name: 'Enable Camera' }).click()
    await expect(toast(page, 'Camera and microphone enabled')).toBeVisible()
    await page.getByRole('button', { name: 'Start Interview' }).click()

    const analysisRequested = page.waitForRequest('**/api/v1/functions/analyze-interview')
    const recording = page.getByRole('status', { name: 'Recording' })
    const progress = page.getByRole('progressbar', { name: 'Interview progress' })
    const questions: string[] = []
    for (let n = 1; n <= 5; n++) {
      await expect(page.getByText(`Question ${n} of 5`)).toBeVisible()
      await expect(progress).toHaveAttribute('aria-valuenow', String(n - 1))
      questions.push((await page.getByRole('heading', { level: 2 }).textContent()) ?? '')
      await skipReadingTime(page)
      // Two seconds of recording, read off the indicator, so every answer has frames to measure.
      await expect(recording).toContainText(/0:0[2-9] \/ 1:00/)
      await page.getByRole('button', { name: n === 5 ? 'Finish Interview' : 'Next Question' }).click()
      if (n < 5) await expect(page.getByText(`Question ${n + 1} of 5`)).toBeVisible()
    }
    expect(questions[0]).toBe(`Tell me about yourself and why you are interested in this ${POSITION} position.`)
    expect(new Set(questions).size).toBe(5)

    // Only numbers go to the server: no recording, no data URL, a small body.
    const analysisRequest = await analysisRequested
    const sent = analysisRequest.postDataJSON()
    expect(Object.keys(sent).sort()).toEqual(['hasAudio', 'hasVideo', 'jobTitle', 'measurements', 'questionCount'])
    expect(sent).toMatchObject({ jobTitle: POSITION, questionCount: 5, hasVideo: true, hasAudio: true })
    expect(sent.measurements.answers).toHaveLength(5)
    expect(analysisRequest.postData()?.length ?? 0).toBeLessThan(5_000)

    await expect(toast(page, 'Interview analysis complete!')).toBeVisible()
    await expect(page.getByLabel('Overall score')).toHaveText(/^\d{1,3}\/100$/)

    // Audio was analysed; face detection only counts where the browser has it.
    const metric = (name: string) => page.getByRole('listitem').filter({ has: page.getByRole('heading', { name }) })
    await expect(metric('Confidence')).toContainText(/\d+\.\d\/10/)
    // A browser hears no confidence: the card names what the score is computed from.
    await expect(metric('Confidence')).toContainText('from talk time, pauses and steady volume')
    await expect(metric('Response Quality')).toContainText(/\d+\.\d\/10/)
    const hasFaceDetector = await page.evaluate(() => 'FaceDetector' in window)
    for (const name of ['Eye Contact', 'Facial Expression']) {
      if (hasFaceDetector) await expect(metric(name)).toContainText(/\d+\.\d\/10/)
      else await expect(metric(name)).toContainText('Not measured: face detection is not available in this browser')
    }
    await expect(page.getByRole('heading', { name: 'Summary' })).toBeVisible()
    await expect(page.getByRole('heading', { name: 'Action Plan' })).toBeVisible()
    const links = page.locator('a[target="_blank"]')
    expect(await links.count()).toBeGreaterThan(0)
    for (const href of await links.evaluateAll((as) => as.map((a) => a.getAttribute('href')))) {
      expect(href).toMatch(/^https:\/\//)
    }

    // Every answer can be replayed from the page's own recording.
    for (let n = 1; n <= 5; n++) {
      const video = page.getByLabel(`Recording of answer ${n}`)
      await expect(video).toHaveAttribute('src', /^blob:/)
      await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState)).toBeGreaterThanOrEqual(1)
    }

    const downloading = page.waitForEvent('download')
    await page.getByRole('button', { name: 'Download Report' }).click()
    const download = await downloading
    expect(download.suggestedFilename()).toMatch(/^interview-report-frontend-developer-\d{4}-\d{2}-\d{2}\.txt$/)
    const text = readFileSync(await download.path(), 'utf8')
    expect(text).toMatch(/^JobTap Interview Practice Report\nPosition: Frontend Developer\nDate: /)
    expect(text).toMatch(/\nOVERALL SCORE: \d{1,3}\/100\n/)
    for (const question of questions) expect(text).toContain(question)
    expect(text).toContain('No audio or video left your device')

    await page.getByRole('button', { name: 'Share' }).click()
    await expect(toast(page, 'Results copied to clipboard!')).toBeVisible()
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(text)

    await page.getByRole('button', { name: 'Start New Interview' }).click()
    await expect(page.getByLabel('Job Position')).toHaveValue('')
    await expect(page.getByRole('button', { name: 'Enable Camera' })).toBeVisible()
    await expect(page.getByText('Camera is off')).toBeVisible()
    await expect(page.locator('video')).toHaveCount(0)
  })

  test('a refused analysis says so and keeps the answers for another try', async ({ page, request }) => {
    test.setTimeout(90_000)
    await page.clock.install()
    const candidate = await signedInCandidate(page, request)
    // The page's request goes to the real server, which refuses it (429) because
    // the candidate's analyses for this minute are used up through the API just
    // before it is let through (counting until the first 429 keeps this true
    // whatever the limit, and even if its one-minute window turns meanwhile).
    const sent: string[] = []
    await page.route('**/api/v1/functions/analyze-interview', async (route) => {
      sent.push(route.request().postData() ?? '')
      let status = 0
      for (let i = 0; i < 100 && status !== 429; i++) {
        const response = await request.post('/api/v1/functions/analyze-interview', {
          headers: { Authorization: `Bearer ${candidate.token}` },
          data: {
            jobTitle: POSITION,
            questionCount: 1,
            hasVideo: false,
            hasAudio: false,
            measurements: { answers: [{ durationMs: 1000 }] },
          },
        })
        status = response.status()
      }
      expect(status).toBe(429)
      await route.continue()
    })
    await openInterview(page)
    await page.getByLabel('Job Position').fill(POSITION)
    await page.getByRole('button', { name: 'Enable Camera' }).click()
    await expect(toast(page, 'Camera and microphone enabled')).toBeVisible()
    await page.getByRole('button', { name: 'Start Interview' }).click()
    for (let n = 1; n <= 5; n++) {
      await expect(page.getByText(`Question ${n} of 5`)).toBeVisible()
      await skipReadingTime(page)
      await page.getByRole('button', { name: n === 5 ? 'Finish Interview' : 'Next Question' }).click()
    }
    await expect(toast(page, 'Failed to analyze interview')).toBeVisible()
    await expect(page.getByRole('alert').getByText('Failed to analyze interview')).toBeVisible()
    // Another try sends the same five answers again (still refused this minute).
    await page.getByRole('button', { name: 'Try Again' }).click()
    await expect.poll(() => sent.length).toBe(2)
    expect(sent[1]).toBe(sent[0])
    expect(JSON.parse(sent[0] ?? '{}').measurements.answers).toHaveLength(5)
    await expect(page.getByRole('button', { name: 'Try Again' })).toBeVisible()
    await page.getByRole('button', { name: 'Start New Interview' }).click()
    await expect(page.getByLabel('Job Position')).toHaveValue('')
  })
})
