import { WifiOff } from 'lucide-react'
import { useOffline } from '@/lib/offline/network-status'

/** The banner's words (docs/decisions.md, "Offline and installable"). */
export const OFFLINE_BANNER_TEXT = "You're offline — showing saved data. Changes need a connection."

/**
 * Says, on every page, that the app is offline and read-only. The live region is
 * always there, so screen readers hear the banner when it appears; it has no
 * `status` role, which pages keep for their own progress messages.
 */
export function OfflineBanner() {
  const offline = useOffline()
  return (
    <div aria-live="polite">
      {offline && (
        <p
          data-testid="offline-banner"
          className="flex items-center justify-center gap-2 border-b border-amber-200 bg-amber-50 px-4 py-2 text-center text-sm font-medium text-amber-900"
        >
          <WifiOff aria-hidden="true" className="size-4 shrink-0" />
          {OFFLINE_BANNER_TEXT}
        </p>
      )}
    </div>
  )
}
