// Formatting of the employer's job screens.

function pad(n: number): string {
  return String(n).padStart(2, '0')
}

/** The viewer's local date as YYYY-MM-DD (the posted date's default: "today"). */
export function localIsoDate(date: Date = new Date()): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`
}

/** The UTC date of an instant as YYYY-MM-DD: how the server stores posted and expiry days. */
export function utcIsoDate(epochMs: number): string {
  return new Date(epochMs).toISOString().slice(0, 10)
}
