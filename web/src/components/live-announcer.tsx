import type { ComponentProps } from 'react'
import type { Announcement } from '@/lib/use-announcer'

/**
 * A visually hidden polite live region (role "status"). Screen readers read
 * each new announcement once; the text is keyed by its id because most of them
 * skip a region whose text did not change ("Job rejected" twice in a row).
 */
export function LiveAnnouncer({ message, ...props }: { message: Announcement | null } & ComponentProps<'div'>) {
  return (
    <div role="status" aria-live="polite" aria-atomic="true" className="sr-only" {...props}>
      {message && <span key={message.id}>{message.text}</span>}
    </div>
  )
}
