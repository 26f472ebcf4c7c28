import '@testing-library/jest-dom/vitest'
import { cleanup, configure } from '@testing-library/react'
import { afterEach } from 'vitest'
import { networkStatus } from '@/lib/offline/network-status'
import { instantiateCoreWasm } from './core-sync-wasm'

// jsdom does not implement scrolling; the router's ScrollRestoration calls it.
window.scrollTo = () => {}

instantiateCoreWasm()

// A test's first render of a lazy route or chart imports its module, which vite transforms on
// demand: on a 2-core CI machine running test files in parallel that once took over the 1 s
// that findBy/waitFor wait by default (the page still showed "Loading page"). They poll, so a
// longer limit costs nothing when the element comes sooner; vitest's own limit is raised to match.
configure({ asyncUtilTimeout: 5_000 })

afterEach(() => {
  cleanup()
  // A test whose fetch failed leaves the app "offline" (read-only); the next test starts online.
  networkStatus.reportAnswer()
})
