import { expect, test } from '@playwright/test'

// The sample card's description goes through the Rust core (wasm) in the core
// worker. The expected text is the core's rule applied to the sample: the first
// sentence, with "Node.js" not taken for a sentence end.
test('the landing sample card shows the description preview computed by the wasm worker', async ({ page }) => {
  const wasmResponses: string[] = []
  page.on('response', (response) => {
    if (response.url().endsWith('.wasm')) wasmResponses.push(response.url())
  })
  await page.goto('/')
  const card = page.getByRole('article', { name: 'Sample job card' })
  await expect(card.getByRole('heading', { name: 'Frontend Developer' })).toBeVisible()
  await expect(card.getByTestId('wasm-preview')).toHaveText(
    'Ship fast, accessible interfaces with React, TypeScript and Node.js every week.',
  )
  expect(page.workers()).toHaveLength(1)
  expect(wasmResponses).toHaveLength(1)
})
