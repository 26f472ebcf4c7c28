import '@testing-library/jest-dom/vitest'
import { cleanup } from '@testing-library/react'
import { afterEach } from 'vitest'
import { instantiateCoreWasm } from './core-sync-wasm'

// jsdom does not implement scrolling; the router's ScrollRestoration calls it.
window.scrollTo = () => {}

instantiateCoreWasm()

afterEach(() => {
  cleanup()
})
