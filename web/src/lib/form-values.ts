/**
 * The text of field `name` of `form` as it stands. The sign-in forms read their fields at
 * submit rather than keeping them in state: on a prerendered page a visitor can type before
 * the app's code has run, and those keystrokes are only in the page.
 */
export function formText(form: HTMLFormElement, name: string): string {
  const value = new FormData(form).get(name)
  return typeof value === 'string' ? value : ''
}
