import { screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { sessionStore } from '@/lib/session'
import { renderApp } from '@/testing/render-app'

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

  it('marks pages that are not built yet as coming soon', async () => {
    renderApp('/employer/bulk-import')
    expect(await screen.findByRole('heading', { name: 'Bulk Import' })).toBeInTheDocument()
    expect(screen.getByText('Coming soon')).toBeInTheDocument()
  })
})
