import type { Profile } from '.'

function lowerSet(values: readonly string[]): Set<string> {
  return new Set(values.map((v) => v.toLowerCase()))
}

/**
 * What a save changed in the profile, one line per field, from the profile before and the one the
 * server answered with (so a field of study it stored under an option's name is named that way).
 */
export function savedChanges(before: Profile, after: Profile): string[] {
  const lines: string[] = []
  const had = lowerSet(before.skills)
  const has = lowerSet(after.skills)
  const added = after.skills.filter((s) => !had.has(s.toLowerCase()))
  const removed = before.skills.filter((s) => !has.has(s.toLowerCase()))
  if (added.length > 0) lines.push(`Skills added: ${added.join(', ')}`)
  if (removed.length > 0) lines.push(`Skills removed: ${removed.join(', ')}`)
  if (after.experience_years !== before.experience_years && after.experience_years !== null) {
    lines.push(`Years of experience: ${after.experience_years}`)
  }
  if (after.degree_field !== before.degree_field) lines.push(`Field of study: ${after.degree_field ?? 'none'}`)
  if (after.university !== before.university && after.university !== null) {
    lines.push(`University: ${after.university}`)
  }
  return lines
}
