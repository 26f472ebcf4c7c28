import { AxeBuilder } from '@axe-core/playwright'
import { expect, type Page } from '@playwright/test'

// Shared checks for the accessibility and phone-viewport tests.

/** The WCAG 2.0 and 2.1 A and AA rules axe-core checks. */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']

/**
 * Runs axe-core on the page as it is now and fails the test on any serious or
 * critical violation, listing each rule, its help text and the elements it found.
 */
export async function expectNoSeriousA11yViolations(page: Page, where: string) {
  // Colours are judged at rest, not mid-transition (a dialog fading in, a control leaving its
  // disabled look would read as low contrast). Endless animations (spinners) are not waited for.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  )
  const results = await new AxeBuilder({ page })
    .withTags(WCAG_TAGS)
    // WCAG 2.5.3 "Label in Name": experimental in axe, so named; Lighthouse runs it.
    .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
    .analyze()
  const blocking = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
  const report = blocking.map((v) => {
    const nodes = v.nodes.map((n) => `    ${n.target.join(' ')}\n      ${(n.failureSummary ?? '').replaceAll('\n', '\n      ')}`)
    return `[${v.impact}] ${v.id}: ${v.help} (${v.helpUrl})\n${nodes.join('\n')}`
  })
  // Soft: one run lists every page's violations, and the test still fails at its end.
  expect.soft(report, `axe-core: serious or critical violations on ${where}`).toEqual([])
}

/** Fails when the page scrolls sideways: nothing may be wider than the viewport. */
export async function expectNoHorizontalOverflow(page: Page, where: string) {
  const overflow = await page.evaluate(() => {
    const width = window.innerWidth
    const wide = Array.from(document.querySelectorAll<HTMLElement>('body *'))
      .filter((el) => {
        const rect = el.getBoundingClientRect()
        if (rect.width === 0 || rect.height === 0) return false
        // Inside a scroller of its own (a table, a tab strip) an element may be wider than the screen.
        for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
          const { overflowX } = getComputedStyle(p)
          if (overflowX === 'auto' || overflowX === 'scroll' || overflowX === 'hidden' || overflowX === 'clip') return false
        }
        return rect.right > width + 1 || rect.left < -1
      })
      .slice(0, 5)
      .map((el) => `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}.${el.className.toString().slice(0, 80)}`)
    return { scrollWidth: document.documentElement.scrollWidth, width, wide }
  })
  expect(overflow.scrollWidth, `${where} scrolls sideways (${overflow.wide.join(', ')})`).toBeLessThanOrEqual(overflow.width)
  expect(overflow.wide, `${where} has elements wider than the viewport`).toEqual([])
}

/** Whether the focused element draws a visible focus indicator (an outline or a box shadow). */
export async function focusIndicator(page: Page): Promise<{ element: string; visible: boolean }> {
  return page.evaluate(() => {
    const el = document.activeElement
    if (!(el instanceof HTMLElement) || el === document.body) return { element: 'body', visible: false }
    const style = getComputedStyle(el)
    const outline = style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) > 0
    const shadow = style.boxShadow !== 'none' && style.boxShadow !== ''
    const name = el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 40) ?? ''
    return { element: `${el.tagName.toLowerCase()} "${name}"`, visible: outline || shadow }
  })
}

/** Presses Tab until `matches` holds for the focused element (at most `maxTabs` presses); fails otherwise. */
export async function tabUntil(page: Page, matches: () => Promise<boolean>, what: string, maxTabs = 40) {
  for (let i = 0; i < maxTabs; i++) {
    await page.keyboard.press('Tab')
    const indicator = await focusIndicator(page)
    expect(indicator.visible, `${indicator.element} has no visible focus indicator`).toBe(true)
    if (await matches()) return
  }
  throw new Error(`Tab never reached ${what}`)
}
