/** The first letters of the first and last names ("Ada Lovelace" → "AL"). */
export function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean)
  const first = parts[0]?.[0] ?? ''
  const last = parts.length > 1 ? (parts[parts.length - 1]?.[0] ?? '') : ''
  return (first + last).toUpperCase() || '?'
}

/**
 * The accessible name of a link made of an avatar: what it does, after the initials it shows
 * (WCAG 2.5.3, Label in Name: a speech user says what they see).
 */
export function avatarLinkLabel(name: string, hasImage: boolean, action: string): string {
  return hasImage ? action : `${initials(name)}, ${action}`
}
