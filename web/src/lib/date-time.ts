// Moments shown in the reader's own time zone and language ("Nov 22, 2026, 4:18 AM").

/** A moment (epoch ms) as a readable local date and time, e.g. "Nov 22, 2026, 4:18 AM". */
export function formatDateTime(epochMs: number, locale?: string, timeZone?: string): string {
  return new Date(epochMs).toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone })
}
