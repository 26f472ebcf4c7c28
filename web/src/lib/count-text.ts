// Counts as the screens write them: "12,345" (en-US grouping, as the core's
// `format::group_thousands`), written here because the page's thread has no wasm.

let formatter: Intl.NumberFormat | null = null

/**
 * `count` with its thousands grouped: 12345 → "12,345". The first call in a fresh browser
 * loads the locale's number data; `warmCountText` does it ahead of a screen whose first
 * count must show at once.
 */
export function countText(count: number): string {
  formatter ??= new Intl.NumberFormat('en-US')
  return formatter.format(count)
}

/** Loads the number data now, while nothing waits for it. */
export function warmCountText(): void {
  countText(0)
}
