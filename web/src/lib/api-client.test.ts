import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ApiError, apiFetch, isApiErrorBody, toApiError } from './api-client'
import { sessionStore, type Session } from './session'

const session: Session = {
  user: { id: 'u1', email: 'ada@example.com', fullName: 'Ada', role: 'candidate' },
  accessToken: 'token-123',
  refreshToken: 'refresh-456',
  expiresAt: 2_000_000_000,
  expiresIn: 3600,
}

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })
}

describe('isApiErrorBody', () => {
  it('accepts the error shape with and without fields', () => {
    expect(isApiErrorBody({ error: { code: 'not_found', message: 'Job not found' } })).toBe(true)
    expect(
      isApiErrorBody({ error: { code: 'validation', message: 'Invalid', fields: { email: ['Invalid email address'] } } }),
    ).toBe(true)
  })

  it('rejects bodies that only look similar', () => {
    expect(isApiErrorBody(null)).toBe(false)
    expect(isApiErrorBody({ error: 'boom' })).toBe(false)
    expect(isApiErrorBody({ error: { code: 42, message: 'x' } })).toBe(false)
    expect(isApiErrorBody({ error: { code: 'x', message: 'y', fields: { email: 'not a list' } } })).toBe(false)
  })
})

describe('toApiError', () => {
  it('reads status, code, message and field errors from a 422', async () => {
    const error = await toApiError(
      jsonResponse(422, {
        error: {
          code: 'validation_failed',
          message: 'Please fill in all fields',
          fields: { password: ['Password must be at least 6 characters'] },
        },
      }),
    )
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({ status: 422, code: 'validation_failed', message: 'Please fill in all fields' })
    expect(error.fields).toEqual({ password: ['Password must be at least 6 characters'] })
    expect(error.firstFieldMessage()).toBe('Password must be at least 6 characters')
    expect(error.firstFieldMessage('email')).toBeUndefined()
  })

  it('falls back to a generic error when the body is not the API shape', async () => {
    const error = await toApiError(new Response('<h1>Bad gateway</h1>', { status: 502, statusText: 'Bad Gateway' }))
    expect(error).toMatchObject({ status: 502, code: 'http_error', message: 'Request failed (Bad Gateway)' })
    expect(error.fields).toEqual({})
  })
})

describe('apiFetch', () => {
  const fetchMock = vi.fn<typeof fetch>()

  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock)
  })

  afterEach(() => {
    sessionStore.clear()
    fetchMock.mockReset()
    vi.unstubAllGlobals()
  })

  it('calls /api/v1 with a JSON body and the bearer token of the session', async () => {
    sessionStore.set(session)
    fetchMock.mockResolvedValue(jsonResponse(201, { id: 'j1' }))

    const result = await apiFetch<{ id: string }>('/jobs', { method: 'POST', json: { title: 'Dev' } })

    expect(result).toEqual({ id: 'j1' })
    const [url, init] = fetchMock.mock.calls[0] ?? []
    expect(url).toBe('/api/v1/jobs')
    expect(init?.method).toBe('POST')
    expect(init?.body).toBe('{"title":"Dev"}')
    const headers = new Headers(init?.headers)
    expect(headers.get('Authorization')).toBe('Bearer token-123')
    expect(headers.get('Content-Type')).toBe('application/json')
  })

  it('sends no Authorization header when signed out', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, { status: 'ok' }))
    await apiFetch('/health')
    const headers = new Headers(fetchMock.mock.calls[0]?.[1]?.headers)
    expect(headers.has('Authorization')).toBe(false)
  })

  it('returns undefined for 204 No Content', async () => {
    fetchMock.mockResolvedValue(new Response(null, { status: 204 }))
    await expect(apiFetch('/applications/a1', { method: 'DELETE' })).resolves.toBeUndefined()
  })

  it('throws the server error as an ApiError', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(409, { error: { code: 'already_applied', message: 'You already applied to this job' } }),
    )
    const error = await apiFetch('/applications', { method: 'POST', json: {} }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({ status: 409, code: 'already_applied', message: 'You already applied to this job' })
  })

  it('turns a lost connection into a network ApiError with status 0', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'))
    await expect(apiFetch('/jobs')).rejects.toMatchObject({ status: 0, code: 'network_error' })
  })
})
