// List entries of the job form (skills, requirements, benefits, other degrees; spec §5):
// trimmed, blank ones dropped, duplicates ignored.

/** The list with `raw` added (trimmed) at the end, unless blank or already there (case-insensitively). */
export function addEntry(list: readonly string[], raw: string): string[] {
  const entry = raw.trim().replace(/\s+/g, ' ')
  if (entry === '') return [...list]
  const key = entry.toLowerCase()
  if (list.some((item) => item.toLowerCase() === key)) return [...list]
  return [...list, entry]
}

/** The list with every entry of `raws` added in turn (see `addEntry`). */
export function addEntries(list: readonly string[], raws: readonly string[]): string[] {
  return raws.reduce<string[]>((acc, raw) => addEntry(acc, raw), [...list])
}

/** The list without `entry`. */
export function removeEntry(list: readonly string[], entry: string): string[] {
  return list.filter((item) => item !== entry)
}
