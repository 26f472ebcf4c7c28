import { render, screen } from '@testing-library/react'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { describe, expect, it } from 'vitest'
import { routes } from './router'

function renderAt(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] })
  render(<RouterProvider router={router} />)
  return router
}

describe('routes', () => {
  it('shows the 404 page with a link home for an unknown address', async () => {
    renderAt('/no-such-page')
    expect(await screen.findByRole('heading', { name: 'Oops! Page not found' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/')
  })

  it('redirects /employer-auth to /employer/auth', async () => {
    const router = renderAt('/employer-auth')
    expect(await screen.findByRole('heading', { name: 'Employer Portal' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/employer/auth')
  })

  it('marks pages that are not built yet as coming soon', async () => {
    renderAt('/employer/bulk-import')
    expect(await screen.findByRole('heading', { name: 'Bulk Import' })).toBeInTheDocument()
    expect(screen.getByText('Coming soon')).toBeInTheDocument()
  })
})
