import { vi } from 'vitest'

/**
 * Gives jsdom (which lays nothing out) the geometry a virtualised list needs:
 * scroll regions (`role="region"`) are `viewportPx` tall and every measured row
 * (`[data-index]`) is `rowPx` tall. Spies are restored after each test.
 */
export function stubVirtualLayout({ viewportPx = 500, rowPx = 45 } = {}) {
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockImplementation(function (this: HTMLElement) {
    return this.getAttribute('role') === 'region' ? viewportPx : 0
  })
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockImplementation(function (this: HTMLElement) {
    return this.getAttribute('role') === 'region' ? 1000 : 0
  })
  vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockImplementation(function (this: HTMLElement) {
    return this.hasAttribute('data-index') ? rowPx : 0
  })
}
