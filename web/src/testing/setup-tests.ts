import '@testing-library/jest-dom/vitest'
import { cleanup } from '@testing-library/react'
import { afterEach } from 'vitest'
import { networkStatus } from '@/lib/offline/network-status'
import { instantiateCoreWasm } from './core-sync-wasm'

// jsdom does not implement scrolling; the router's ScrollRestoration calls it.
window.scrollTo = () => {}

instantiateCoreWasm()

afterEach(() => {
  cleanup()
  // A test whose fetch failed leaves the app "offline" (read-only); the next test starts online.
  networkStatus.reportAnswer()
})
