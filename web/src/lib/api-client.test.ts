import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ApiError, apiFetch, apiUpload, isApiErrorBody, toApiError } from './api-client'
import { sessionStore, type ApiSession, type Session } from './session'

const session: Session = {
  user: {
    id: 'u1',
    email: 'ada@example.com',
    fullName: 'Ada',
    companyName: null,
    roles: ['candidate'],
    onboarded: true,
    hasAvatar: false,
    emailConfirmed: true,
  },
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
      jsonResponse(409, { error: { code: 'conflict', kind: 'already_applied', message: 'You already applied to this job' } }),
    )
    const error = await apiFetch('/applications', { method: 'POST', json: {} }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({
      status: 409,
      code: 'conflict',
      kind: 'already_applied',
      message: 'You already applied to this job',
    })
  })

  it('turns a lost connection into a network ApiError with status 0', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'))
    await expect(apiFetch('/jobs')).rejects.toMatchObject({ status: 0, code: 'network_error' })
  })
})

function refreshed(n: number): ApiSession {
  return {
    user: {
      id: 'u1',
      email: 'ada@example.com',
      full_name: 'Ada',
      company_name: null,
      company_id: null,
      company_role: null,
      roles: ['candidate'],
      onboarded: true,
      has_avatar: false,
      email_confirmed: true,
    },
    access_token: `token-new-${n}`,
    refresh_token: `refresh-new-${n}`,
    token_type: 'bearer',
    expires_in: 900,
    expires_at: 0,
  }
}

function authorizationOf(call: Parameters<typeof fetch> | undefined): string | null {
  return new Headers(call?.[1]?.headers).get('Authorization')
}

describe('apiFetch and an expired access token', () => {
  const fetchMock = vi.fn<typeof fetch>()
  const unauthorized = () => jsonResponse(401, { error: { code: 'unauthorized', message: 'Please sign in' } })

  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock)
    sessionStore.set(session)
  })

  afterEach(() => {
    sessionStore.clear()
    fetchMock.mockReset()
    vi.unstubAllGlobals()
  })

  it('refreshes once on a 401 and repeats the call with the new token', async () => {
    fetchMock
      .mockResolvedValueOnce(unauthorized())
      .mockResolvedValueOnce(jsonResponse(200, refreshed(1)))
      .mockResolvedValueOnce(jsonResponse(200, { profile: 'ok' }))

    await expect(apiFetch('/profile')).resolves.toEqual({ profile: 'ok' })
    expect(fetchMock.mock.calls.map((c) => c[0])).toEqual(['/api/v1/profile', '/api/v1/auth/refresh', '/api/v1/profile'])
    expect(authorizationOf(fetchMock.mock.calls[0])).toBe('Bearer token-123')
    expect(authorizationOf(fetchMock.mock.calls[2])).toBe('Bearer token-new-1')
    expect(sessionStore.get()?.refreshToken).toBe('refresh-new-1')
  })

  it('retries only once, then reports the 401', async () => {
    fetchMock
      .mockResolvedValueOnce(unauthorized())
      .mockResolvedValueOnce(jsonResponse(200, refreshed(1)))
      .mockResolvedValueOnce(unauthorized())
    await expect(apiFetch('/profile')).rejects.toMatchObject({ status: 401 })
    expect(fetchMock).toHaveBeenCalledTimes(3)
  })

  it('signs out and reports the 401 when the refresh is refused', async () => {
    fetchMock.mockResolvedValueOnce(unauthorized()).mockResolvedValueOnce(unauthorized())
    await expect(apiFetch('/profile')).rejects.toMatchObject({ status: 401 })
    expect(sessionStore.get()).toBeNull()
  })

  it('does not refresh for calls made without the session (a wrong password at sign-in)', async () => {
    fetchMock.mockResolvedValueOnce(
      jsonResponse(401, { error: { code: 'invalid_credentials', message: 'Invalid email or password' } }),
    )
    await expect(apiFetch('/auth/signin', { method: 'POST', json: {}, auth: false })).rejects.toMatchObject({
      status: 401,
      message: 'Invalid email or password',
    })
    expect(fetchMock).toHaveBeenCalledTimes(1)
    expect(authorizationOf(fetchMock.mock.calls[0])).toBeNull()
  })
})

/** A stand-in for XMLHttpRequest that answers `status` with `body` after reporting progress. */
function fakeXhr(answers: Array<{ status: number; body: string }>, seen: Array<{ url: string; auth: string | null }>) {
  return class FakeXhr extends EventTarget {
    upload = new EventTarget()
    status = 0
    statusText = ''
    responseText = ''
    private url = ''
    private headers = new Map<string, string>()
    open(_method: string, url: string) {
      this.url = url
    }
    setRequestHeader(name: string, value: string) {
      this.headers.set(name, value)
    }
    getResponseHeader(name: string) {
      return name.toLowerCase() === 'content-type' ? 'application/json' : null
    }
    abort() {
      this.dispatchEvent(new Event('abort'))
    }
    send() {
      seen.push({ url: this.url, auth: this.headers.get('Authorization') ?? null })
      const answer = answers.shift() ?? { status: 500, body: '' }
      queueMicrotask(() => {
        const progress = new ProgressEvent('progress', { lengthComputable: true, loaded: 50, total: 100 })
        this.upload.dispatchEvent(progress)
        this.status = answer.status
        this.responseText = answer.body
        this.dispatchEvent(new Event('load'))
      })
    }
  }
}

describe('apiUpload', () => {
  const fetchMock = vi.fn<typeof fetch>()

  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock)
    sessionStore.set(session)
  })

  afterEach(() => {
    sessionStore.clear()
    fetchMock.mockReset()
    vi.unstubAllGlobals()
  })

  it('sends the form with the token, reports progress and returns the JSON answer', async () => {
    const seen: Array<{ url: string; auth: string | null }> = []
    vi.stubGlobal('XMLHttpRequest', fakeXhr([{ status: 200, body: '{"profile":{"id":"u1"}}' }], seen))
    const onProgress = vi.fn<(p: { loaded: number; total: number }) => void>()

    const answer = await apiUpload('/profile/onboarding', new FormData(), { onProgress })

    expect(answer).toEqual({ profile: { id: 'u1' } })
    expect(seen).toEqual([{ url: '/api/v1/profile/onboarding', auth: 'Bearer token-123' }])
    expect(onProgress).toHaveBeenCalledWith({ loaded: 50, total: 100 })
  })

  it('turns a refused upload into an ApiError with the server message', async () => {
    const body = JSON.stringify({ error: { code: 'payload_too_large', message: 'Resume must be at most 10 MB' } })
    vi.stubGlobal('XMLHttpRequest', fakeXhr([{ status: 413, body }], []))
    await expect(apiUpload('/profile/onboarding', new FormData())).rejects.toMatchObject({
      status: 413,
      code: 'payload_too_large',
      message: 'Resume must be at most 10 MB',
    })
  })

  it('refreshes and sends again after a 401', async () => {
    const seen: Array<{ url: string; auth: string | null }> = []
    const unauthorized = JSON.stringify({ error: { code: 'unauthorized', message: 'Please sign in' } })
    vi.stubGlobal('XMLHttpRequest', fakeXhr([{ status: 401, body: unauthorized }, { status: 200, body: '{}' }], seen))
    fetchMock.mockResolvedValueOnce(jsonResponse(200, refreshed(2)))

    await expect(apiUpload('/profile/onboarding', new FormData())).resolves.toEqual({})
    expect(seen.map((s) => s.auth)).toEqual(['Bearer token-123', 'Bearer token-new-2'])
  })
})
