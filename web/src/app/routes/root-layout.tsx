import { Outlet, ScrollRestoration, useNavigation } from 'react-router'
import { OfflineBanner } from '@/components/offline-banner'
import { AppOverlays } from './app-overlays'

/** Wraps every page: a thin progress bar while the next page's code loads, the offline banner, the overlays (chat, shared dialogs), and scroll restoration. */
export function RootLayout() {
  const navigation = useNavigation()
  return (
    <>
      {navigation.state === 'loading' && (
        <div
          role="progressbar"
          aria-label="Loading page"
          className="fixed inset-x-0 top-0 z-50 h-1 animate-pulse bg-linear-to-r from-brand-600 to-accent-500"
        />
      )}
      <OfflineBanner />
      <Outlet />
      <AppOverlays />
      <ScrollRestoration />
    </>
  )
}
