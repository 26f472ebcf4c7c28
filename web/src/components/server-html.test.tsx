import { fireEvent, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ServerHtml, type ServerSanitisedHtml } from './server-html'

const HTML = '<p>See <a href="/job/42">the job</a> or <a href="https://example.org/guide">the guide</a>.</p>' as ServerSanitisedHtml

function LocationProbe() {
  return <output aria-label="Location">{useLocation().pathname}</output>
}

function renderHtml() {
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <>
            <ServerHtml html={HTML} />
            <LocationProbe />
          </>
        ),
      },
    ],
    { initialEntries: ['/jobs'] },
  )
  render(<RouterProvider router={router} />)
}

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('ServerHtml', () => {
  it('inserts the server HTML as markup', () => {
    renderHtml()
    expect(screen.getByRole('link', { name: 'the job' })).toHaveAttribute('href', '/job/42')
    expect(screen.getByText(/See/).tagName).toBe('P')
  })

  it('follows links to this site within the app', async () => {
    renderHtml()
    await userEvent.click(screen.getByRole('link', { name: 'the job' }))
    expect(screen.getByRole('status', { name: 'Location' })).toHaveTextContent('/job/42')
  })

  it('opens other sites in a new tab without access to this one', async () => {
    const open = vi.fn<typeof window.open>(() => null)
    vi.stubGlobal('open', open)
    renderHtml()
    await userEvent.click(screen.getByRole('link', { name: 'the guide' }))
    expect(open).toHaveBeenCalledWith('https://example.org/guide', '_blank', 'noopener,noreferrer')
    expect(screen.getByRole('status', { name: 'Location' })).toHaveTextContent('/jobs')
  })

  it('leaves modified clicks to the browser', () => {
    const open = vi.fn<typeof window.open>(() => null)
    vi.stubGlobal('open', open)
    renderHtml()
    const link = screen.getByRole('link', { name: 'the job' })
    const click = new MouseEvent('click', { bubbles: true, cancelable: true, ctrlKey: true })
    fireEvent(link, click)
    expect(click.defaultPrevented).toBe(false)
    expect(screen.getByRole('status', { name: 'Location' })).toHaveTextContent('/jobs')
  })
})
