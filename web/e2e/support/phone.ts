import { expect, type Locator, type Page } from '@playwright/test'

// What "fits a phone" means for a page, a dialog or a panel, checked in a real browser on a
// phone's screen with touch: nothing scrolls sideways or pokes past the screen's edges, a dialog
// lies inside the screen, and every control can be scrolled onto the screen and is what a finger
// at its centre touches.

/** A phone's screen in CSS pixels. */
export type Phone = { name: string; width: number; height: number }

/** A small Android phone and a current iPhone. */
export const PHONES: readonly Phone[] = [
  { name: '360×640', width: 360, height: 640 },
  { name: '390×844', width: 390, height: 844 },
]

/** The browser options of `phone`: its screen, a finger and a mobile browser's viewport rules. */
export function onPhone(phone: Phone) {
  return { viewport: { width: phone.width, height: phone.height }, hasTouch: true, isMobile: true }
}

/** The controls a finger may use. */
const CONTROLS = 'a[href], button, input, select, textarea, summary, [role="tab"], [role="button"]'

/**
 * The controls in `scope` (the whole page when absent) whose centre is covered by something
 * else once scrolled into view, described for a failure message.
 */
export async function coveredControls(page: Page, scope?: Locator): Promise<string[]> {
  const handle = scope ? await scope.elementHandle() : null
  return page.evaluate(
    ({ root, selector }) => {
      const covered: string[] = []
      const controls = (root ?? document).querySelectorAll<HTMLElement>(selector)
      for (const control of controls) {
        if ((control as HTMLButtonElement).disabled || control.closest('[inert], [aria-hidden="true"]')) continue
        const rect = control.getBoundingClientRect()
        // Hidden, or visually hidden (1 px, read by screen readers only).
        if (rect.width < 4 || rect.height < 4 || getComputedStyle(control).visibility === 'hidden') continue
        control.scrollIntoView({ block: 'center', inline: 'center', behavior: 'instant' })
        // A link wrapped over two lines has two boxes; the centre of their union is between them.
        const box = control.getClientRects()[0] ?? control.getBoundingClientRect()
        const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2)
        if (hit === null || control.contains(hit) || hit.closest('label')?.contains(control)) continue
        const name = control.getAttribute('aria-label') ?? control.textContent?.trim().slice(0, 40) ?? control.tagName
        covered.push(`${control.tagName.toLowerCase()} "${name}" under ${hit.tagName.toLowerCase()}.${String(hit.className).slice(0, 60)}`)
      }
      window.scrollTo(0, 0)
      return covered
    },
    { root: handle, selector: CONTROLS },
  )
}

/** Waits until nothing on the page is mid-animation (a dialog popping in is measured where it comes to rest). */
export async function animationsSettled(page: Page) {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  )
}

/**
 * What does not fit `phone` on the page as it is now, one line each (empty when all fits); with
 * `surface` (an open dialog, panel or menu), also what does not fit inside it, and its controls
 * are the ones tried instead of the page's.
 *
 * - The page is no wider than the phone (a mobile browser widens its viewport to show what
 *   spills out, so the phone's width is the measure, not `innerWidth`), and nothing outside a
 *   scroller of its own reaches past the screen's sides. The culprit is named: the element that
 *   reaches out while its parent does not.
 * - Nothing scrolls sideways, except on the page a scroller that says it is one: a strip of tabs
 *   or a named region (a wide table). No text or control is cut off by a box that hides what
 *   spills out of it (a name cut with an ellipsis is cut on purpose, unless to a few letters).
 * - The surface lies inside the screen.
 * - Every visible, enabled control can be scrolled onto the screen, is no wider than it, keeps its
 *   content inside itself, and a finger at its centre touches it and not something above it.
 */
export async function layoutProblems(page: Page, phone: Phone, surface?: Locator): Promise<string[]> {
  await animationsSettled(page)
  const handle = surface ? await surface.elementHandle() : null
  return page.evaluate(
    ({ width, height, root, selector }) => {
      /** Fewer characters than this left by an ellipsis, a name can no longer be told from another. */
      const TOO_FEW_TO_READ = 12
      const problems: string[] = []
      const px = (n: number) => `${Math.ceil(n)} px`
      const describe = (el: Element) => {
        const label = el.getAttribute('aria-label') ?? (el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40)
        const classes = typeof el.className === 'string' ? el.className.trim().split(/\s+/).slice(0, 3).join('.') : ''
        return `${el.tagName.toLowerCase()}${classes ? `.${classes}` : ''} "${label}"`
      }
      /** Drawn: rendered (not in a closed <details>, not display: none or visibility: hidden) and not empty. */
      const drawn = (el: Element) => {
        const r = el.getBoundingClientRect()
        return r.width > 0 && r.height > 0 && el.checkVisibility({ visibilityProperty: true })
      }
      /** Drawn and meant to be seen or used: not decoration hidden from assistive technology. */
      const shown = (el: Element) => drawn(el) && !el.closest('[aria-hidden="true"], [inert]')
      /** The nearest ancestor below `stop` that clips or scrolls sideways: what spills into it is its business. */
      const clippedBy = (el: Element, stop: Element | null) => {
        for (let p = el.parentElement; p && p !== stop && p !== document.body; p = p.parentElement) {
          if (getComputedStyle(p).overflowX !== 'visible') return p
        }
        return null
      }
      const isTextBox = (el: Element) => ['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName)
      /** Whether `el` shows text of its own (not only through its children). */
      const hasOwnText = (el: Element) => Array.from(el.childNodes).some((n) => n.nodeType === Node.TEXT_NODE && (n.textContent ?? '').trim() !== '')
      const all = Array.from(document.querySelectorAll<HTMLElement>('body *'))

      // The page is no wider than the phone; the element reaching out is named. A page wider than
      // the phone has widened the browser's viewport, and the page's boxes with it: while they are
      // measured, the page is held to the phone's width, so what still reaches out is what pushed.
      const pageWidth = document.documentElement.scrollWidth
      const widened = pageWidth > width
      if (widened) problems.push(`the page scrolls sideways: ${pageWidth} px wide on a ${width} px screen`)
      const held = document.documentElement.style.maxWidth
      if (widened) document.documentElement.style.maxWidth = `${width}px`
      for (const el of all) {
        // What is fixed to the viewport follows it wherever the page has widened it.
        if (!drawn(el) || clippedBy(el, null) || (widened && getComputedStyle(el).position === 'fixed')) continue
        const r = el.getBoundingClientRect()
        const parent = el.parentElement?.getBoundingClientRect()
        if (r.right > width + 1 && !(parent && parent.right > width + 1)) {
          problems.push(`${describe(el)} reaches ${px(r.right - width)} past the screen's right edge`)
        }
        if (r.left < -1 && !(parent && parent.left < -1)) problems.push(`${describe(el)} reaches ${px(-r.left)} past the screen's left edge`)
        // A word too long for its line spills out of a box that is itself inside the screen.
        if (widened && hasOwnText(el) && r.right <= width + 1 && getComputedStyle(el).overflowX === 'visible') {
          const words = document.createRange()
          words.selectNodeContents(el)
          const spill = words.getBoundingClientRect().right - width
          if (spill > 1) problems.push(`the text of ${describe(el)} reaches ${px(spill)} past the screen's right edge`)
        }
      }
      document.documentElement.style.maxWidth = held

      // Nothing scrolls sideways or is cut off at a side: on the page, or only in a modal surface
      // (the page under it was checked on its own).
      const modal = root?.getAttribute('aria-modal') === 'true'
      for (const el of all) {
        if (!shown(el) || isTextBox(el) || (modal && !root?.contains(el))) continue
        const style = getComputedStyle(el)
        if (style.overflowX === 'visible') continue
        const where = root?.contains(el) ? ` in ${describe(root).slice(0, 40)}` : ''
        // A name cut with an ellipsis is cut on purpose, but not to a few letters.
        if (style.textOverflow === 'ellipsis' && el.scrollWidth > el.clientWidth + 1) {
          const text = (el.textContent ?? '').trim()
          const left = Math.floor((text.length * el.clientWidth) / el.scrollWidth)
          if (left < TOO_FEW_TO_READ) problems.push(`${describe(el)}${where} is cut to about ${left} of its ${text.length} characters`)
          continue
        }
        if (style.overflowX === 'auto' || style.overflowX === 'scroll') {
          const saysSo =
            !root?.contains(el) &&
            (el.getAttribute('role') === 'tablist' ||
              (el.getAttribute('role') === 'region' && (el.hasAttribute('aria-label') || el.hasAttribute('aria-labelledby'))))
          if (el.scrollWidth > el.clientWidth + 1 && !saysSo) problems.push(`${describe(el)}${where} scrolls sideways by ${px(el.scrollWidth - el.clientWidth)}`)
          continue
        }
        // A box that hides what spills out: is any text or control of its own cut off at a side?
        if (el.clientWidth < 4) continue
        const box = el.getBoundingClientRect()
        for (const inner of el.querySelectorAll<HTMLElement>('*')) {
          if (clippedBy(inner, null) !== el || !shown(inner) || !(hasOwnText(inner) || inner.matches(selector))) continue
          const r = inner.getBoundingClientRect()
          const cut = Math.max(r.right - box.right, box.left - r.left)
          if (cut > 1) {
            problems.push(`${describe(inner)} is cut off by ${px(cut)} at the side of ${describe(el).slice(0, 50)}${where}`)
            break
          }
        }
      }

      // The surface lies inside the screen.
      if (root) {
        const box = root.getBoundingClientRect()
        const outside = [
          box.left < -0.5 && `${px(-box.left)} past the left edge`,
          box.right > width + 0.5 && `${px(box.right - width)} past the right edge`,
          box.top < -0.5 && `${px(-box.top)} above the top`,
          box.bottom > height + 0.5 && `${px(box.bottom - height)} below the bottom`,
        ].filter(Boolean)
        if (outside.length > 0) problems.push(`${describe(root).slice(0, 60)} lies off the screen: ${outside.join(', ')}`)
      }

      // The controls. A mobile browser showing a page wider than the phone zooms out: the
      // screen is then `innerWidth` × `innerHeight` CSS pixels (the page's width is failed above).
      for (const control of (root ?? document.body).querySelectorAll<HTMLElement>(selector)) {
        if ((control as HTMLButtonElement).disabled || !shown(control)) continue
        const rect = control.getBoundingClientRect()
        // Visually hidden: 1 px, read by screen readers only.
        if (rect.width < 4 || rect.height < 4) continue
        control.scrollIntoView({ block: 'center', inline: 'center', behavior: 'instant' })
        // A link wrapped over two lines has two boxes; the centre of their union is between them.
        const box = control.getClientRects()[0] ?? control.getBoundingClientRect()
        const x = box.x + box.width / 2
        const y = box.y + box.height / 2
        const style = getComputedStyle(control)
        if (box.width > width + 1) problems.push(`${describe(control)} is ${px(box.width)} wide on a ${width} px screen`)
        if (style.display !== 'inline' && !isTextBox(control) && style.textOverflow !== 'ellipsis' && control.scrollWidth > control.clientWidth + 1) {
          problems.push(`${describe(control)}: its content spills ${px(control.scrollWidth - control.clientWidth)} out of it`)
        }
        if (x < 0 || x > window.innerWidth || y < 0 || y > window.innerHeight) {
          problems.push(`${describe(control)} cannot be scrolled onto the screen (its centre stays at ${Math.round(x)}, ${Math.round(y)})`)
          continue
        }
        const hit = document.elementFromPoint(x, y)
        if (hit !== null && (control.contains(hit) || hit.closest('label')?.contains(control))) continue
        // A toast lies over the page for a few seconds and a swipe sends it away (toasts.spec
        // checks where it sits); it is not the layout.
        if (hit?.closest('[data-sonner-toaster]')) continue
        problems.push(`${describe(control)} is under ${hit ? describe(hit) : 'nothing'}`)
      }
      window.scrollTo(0, 0)
      return problems
    },
    { width: phone.width, height: phone.height, root: handle, selector: CONTROLS },
  )
}

/**
 * Checks `what` (the page, or the open `surface`) with `layoutProblems`. Soft: one test walks many
 * screens and lists every one that does not fit, then fails at its end.
 */
export async function expectFitsPhone(page: Page, phone: Phone, what: string, surface?: Locator) {
  expect.soft(await layoutProblems(page, phone, surface), `${what} at ${phone.name}`).toEqual([])
}
