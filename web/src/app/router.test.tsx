import { screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { sessionStore } from '@/lib/session'
import { renderApp, testSession } from '@/testing/render-app'

afterEach(() => {
  sessionStore.clear()
})

describe('routes', () => {
  it('shows the 404 page with a link home for an unknown address', async () => {
    renderApp('/no-such-page')
    expect(await screen.findByRole('heading', { name: 'Oops! Page not found' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/')
  })

  it('redirects /employer-auth to /employer/auth', async () => {
    const { router } = renderApp('/employer-auth')
    expect(await screen.findByRole('heading', { name: 'Employer Portal' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/employer/auth')
  })

  it('opens interview practice for a signed-in user', async () => {
    sessionStore.set(testSession({}, Math.floor(Date.now() / 1000) + 3600))
    renderApp('/interview-prep')
    expect(await screen.findByRole('heading', { name: 'Interview Practice' })).toBeInTheDocument()
    expect(screen.getByLabelText('Job Position')).toBeInTheDocument()
  })
})
