import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { sessionStore } from '@/lib/session'
import { testSession } from '@/testing/render-app'
import { DocumentsList } from './documents-list'

vi.mock('sonner', () => ({ toast: { error: vi.fn<(...args: unknown[]) => string>() } }))

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })

/** GET /documents answers with a server error `failures` times, then with one resume; each answer waits for `gate`. */
function documentsServer(failures: number) {
  let left = failures
  let open = () => {}
  const gate = new Promise<void>((resolve) => {
    open = resolve
  })
  const fetchMock = vi.fn<typeof fetch>(async () => {
    await gate
    if (left > 0) {
      left -= 1
      return json(500, { error: { code: 'internal', message: 'Something went wrong (ref 9)' } })
    }
    return json(200, {
      documents: [{ id: 'doc-1', document_type: 'resume', file_name: 'cv.pdf', file_size: 2048, is_default: true, uploaded_at: 0 }],
    })
  })
  vi.stubGlobal('fetch', fetchMock)
  return { fetchMock, open }
}

function renderList() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>
        <DocumentsList />
      </MemoryRouter>
    </QueryClientProvider>,
  )
}

beforeEach(() => sessionStore.set(testSession({}, Math.floor(Date.now() / 1000) + 3600)))
afterEach(() => {
  sessionStore.clear()
  vi.unstubAllGlobals()
})

describe('the documents inside an application card', () => {
  it('shows list rows while loading, then the documents', async () => {
    const server = documentsServer(0)
    renderList()
    expect(screen.getByTestId('list-skeleton')).toBeInTheDocument()
    expect(screen.getByRole('status')).toHaveTextContent('Loading documents')
    server.open()
    expect(await screen.findByRole('list', { name: 'Your documents' })).toHaveTextContent('cv.pdf')
    expect(screen.queryByTestId('list-skeleton')).not.toBeInTheDocument()
  })

  it('says a failed load failed, and Retry loads them again', async () => {
    const server = documentsServer(1)
    renderList()
    server.open()
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('Failed to load documents')
    expect(alert).toHaveTextContent('Something went wrong (ref 9)')
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }))
    expect(await screen.findByRole('list', { name: 'Your documents' })).toHaveTextContent('cv.pdf')
    expect(server.fetchMock).toHaveBeenCalledTimes(2)
  })
})
