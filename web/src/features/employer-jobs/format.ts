// Formatting of the employer's job screens.

const postedFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' })

/** A date as "MMM d, yyyy" ("Jan 5, 2026"), in the viewer's time zone unless `timeZone` is given. */
export function formatDate(epochMs: number, timeZone?: string): string {
  const format = timeZone
    ? new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone })
    : postedFormat
  return format.format(new Date(epochMs))
}

const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 })

/** A salary range for a card: "$1,000 – $2,500", "From $1,000", "Up to $2,500" or "Salary not specified". */
export function formatSalary(min: number | null, max: number | null): string {
  if (min !== null && max !== null) return min === max ? money.format(min) : `${money.format(min)} – ${money.format(max)}`
  if (min !== null) return `From ${money.format(min)}`
  if (max !== null) return `Up to ${money.format(max)}`
  return 'Salary not specified'
}

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
