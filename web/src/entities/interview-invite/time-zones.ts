// The time zones the proposal form offers: the browser's own first, then every IANA zone it knows.

/** The zone this browser is in (`Africa/Harare`), or UTC when it cannot say. */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC'
}

/** Every zone the browser knows, with `current` (the form's value) and UTC always among them. */
export function timeZoneOptions(current: string): string[] {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : []
  const zones = new Set([current, browserTimeZone(), ...known, 'UTC'])
  return [...zones].filter((zone) => zone !== '')
}
