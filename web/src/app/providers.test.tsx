import { act, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, expect, it, vi } from 'vitest'
import { draftKey } from '@/features/onboarding/draft'
import { sessionStore } from '@/lib/session'
import { testSession } from '@/testing/render-app'
import { AppProviders } from './providers'

beforeEach(() => {
  // jsdom has no ResizeObserver; the toast area watches its toasts' size with one.
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  )
})

afterEach(() => {
  sessionStore.clear()
  sessionStorage.clear()
  vi.unstubAllGlobals()
})

it("removes onboarding's draft on a sign-out from a page onboarding was never opened on", async () => {
  // After a reload on another page (Settings, say) onboarding's page has not mounted in this tab.
  sessionStore.set(testSession({ id: 'user-7', onboarded: false }))
  sessionStorage.setItem(draftKey('user-7'), JSON.stringify({ step: 3 }))
  render(
    <AppProviders router={{ revalidate: () => Promise.resolve() }}>
      <p>Settings</p>
    </AppProviders>,
  )
  expect(await screen.findByText('Settings')).toBeInTheDocument()
  expect(sessionStorage.getItem(draftKey('user-7'))).not.toBeNull()

  act(() => sessionStore.clear())

  expect(sessionStorage.getItem(draftKey('user-7'))).toBeNull()
})
