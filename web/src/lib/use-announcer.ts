import { useCallback, useState } from 'react'

/** One announcement; `id` changes on every call so a repeated text is read again. */
export type Announcement = { text: string; id: number }

/** State for a `LiveAnnouncer`: the last announcement and `announce(text)` to make a new one. */
export function useAnnouncer() {
  const [message, setMessage] = useState<Announcement | null>(null)
  const announce = useCallback((text: string) => setMessage((last) => ({ text, id: (last?.id ?? 0) + 1 })), [])
  return { message, announce }
}
