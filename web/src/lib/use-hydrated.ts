import { useSyncExternalStore } from 'react'

const never = () => () => {}

/**
 * False while React takes over a prerendered page's HTML, true from the next render on (and
 * always in pages drawn by the browser). A control that needs the app's code, such as a form's
 * submit button, stays disabled until then: clicked earlier, the browser would send the form
 * itself.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  )
}
