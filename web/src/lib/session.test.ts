import { renderHook } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  createSessionStore,
  parseStoredSession,
  REFRESH_LOCK_NAME,
  SESSION_STORAGE_KEY,
  sessionFromApi,
  useSession,
  type ApiSession,
  type Session,
  type SessionStoreOptions,
} from './session'

const T0 = Date.UTC(2026, 0, 1, 12, 0, 0)

/** The API's answer carrying `n`-numbered tokens, issued now. */
function apiSession(n: number): ApiSession {
  return {
    user: {
      id: 'u1',
      email: 'ada@example.com',
      full_name: 'Ada Lovelace',
      company_name: null,
      company_id: null,
      company_role: null,
      roles: ['candidate'],
      onboarded: false,
      has_avatar: false,
      email_confirmed: true,
    },
    access_token: `access-${n}`,
    refresh_token: `refresh-${n}`,
    token_type: 'bearer',
    expires_in: 900,
    expires_at: Math.floor(Date.now() / 1000) + 900,
  }
}

function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } })
}

/** A document whose visibility the test sets. */
class FakeDocument extends EventTarget {
  visibilityState: DocumentVisibilityState = 'visible'
  show(state: DocumentVisibilityState) {
    this.visibilityState = state
    this.dispatchEvent(new Event('visibilitychange'))
  }
}

/** Another tab writing the shared storage: the value changes and this tab gets a `storage` event. */
function otherTabWrites(win: EventTarget, session: Session | null) {
  const newValue = session === null ? null : JSON.stringify(session)
  if (newValue === null) localStorage.removeItem(SESSION_STORAGE_KEY)
  else localStorage.setItem(SESSION_STORAGE_KEY, newValue)
  win.dispatchEvent(new StorageEvent('storage', { key: SESSION_STORAGE_KEY, newValue }))
}

function stored(): Session | null {
  return parseStoredSession(localStorage.getItem(SESSION_STORAGE_KEY))
}

describe('session store', () => {
  const fetchMock = vi.fn<typeof fetch>()
  let doc: FakeDocument
  let win: EventTarget
  let stops: Array<() => void>

  function makeStore(options: SessionStoreOptions = {}) {
    return createSessionStore({
      storage: localStorage,
      fetch: fetchMock,
      locks: null,
      window: win as Window,
      document: doc as unknown as Document,
      ...options,
    })
  }

  function started(options: SessionStoreOptions = {}) {
    const store = makeStore(options)
    stops.push(store.start())
    return store
  }

  /** Lets pending promise callbacks (the refresh's fetch and JSON) run. */
  async function settle() {
    await vi.advanceTimersByTimeAsync(0)
  }

  beforeEach(() => {
    vi.useFakeTimers({ now: T0 })
    localStorage.clear()
    fetchMock.mockReset()
    doc = new FakeDocument()
    win = new EventTarget()
    stops = []
  })

  afterEach(() => {
    for (const stop of stops) stop()
    vi.useRealTimers()
  })

  it('counts the expiry from when the session arrived, on this device’s clock', () => {
    const session = sessionFromApi({ ...apiSession(1), expires_at: 1 }, T0)
    expect(session.expiresAt).toBe(T0 / 1000 + 900)
    expect(session.user).toMatchObject({ fullName: 'Ada Lovelace', roles: ['candidate'], hasAvatar: false })
  })

  it('keeps the session in localStorage and reads it back in a new tab', () => {
    const first = makeStore()
    first.set(sessionFromApi(apiSession(1)))
    expect(stored()?.refreshToken).toBe('refresh-1')
    expect(makeStore().get()?.accessToken).toBe('access-1')
  })

  it('keeps an employer’s company role, and reads sessions stored before it existed', () => {
    const answer = apiSession(1)
    const interviewer = sessionFromApi({
      ...answer,
      user: { ...answer.user, roles: ['employer'], company_id: 'c1', company_role: 'interviewer' },
    })
    expect(interviewer.user.companyRole).toBe('interviewer')
    expect(parseStoredSession(JSON.stringify(interviewer))?.user.companyRole).toBe('interviewer')
    // A role this build does not know is none, and a stored session naming one is not a session.
    const unknown = sessionFromApi({ ...answer, user: { ...answer.user, company_role: 'owner' } })
    expect(unknown.user.companyRole).toBeNull()
    expect(parseStoredSession(JSON.stringify({ ...interviewer, user: { ...interviewer.user, companyRole: 'owner' } }))).toBeNull()
    const { companyRole: _dropped, ...older } = interviewer.user
    const read = parseStoredSession(JSON.stringify({ ...interviewer, user: older }))
    expect(read?.user.companyRole).toBeUndefined()
    expect(read?.user.id).toBe('u1')
  })

  it('ignores a stored value that is not a session', () => {
    localStorage.setItem(SESSION_STORAGE_KEY, '{"accessToken":42}')
    expect(makeStore().get()).toBeNull()
    localStorage.setItem(SESSION_STORAGE_KEY, 'not json')
    expect(makeStore().get()).toBeNull()
  })

  it('refreshes 60 seconds before the access token expires, rotating the stored tokens', async () => {
    const store = started()
    store.set(sessionFromApi(apiSession(1)))
    fetchMock.mockResolvedValue(json(200, apiSession(2)))

    await vi.advanceTimersByTimeAsync(839_000)
    expect(fetchMock).not.toHaveBeenCalled()
    await vi.advanceTimersByTimeAsync(1_000)
    expect(fetchMock).toHaveBeenCalledTimes(1)
    const [url, init] = fetchMock.mock.calls[0] ?? []
    expect(url).toBe('/api/v1/auth/refresh')
    expect(init?.body).toBe('{"refresh_token":"refresh-1"}')
    await settle()

    expect(store.get()?.accessToken).toBe('access-2')
    expect(stored()?.refreshToken).toBe('refresh-2')
    // The next refresh is scheduled from the new session.
    fetchMock.mockResolvedValue(json(200, apiSession(3)))
    await vi.advanceTimersByTimeAsync(840_000)
    expect(fetchMock).toHaveBeenCalledTimes(2)
    expect(fetchMock.mock.calls[1]?.[1]?.body).toBe('{"refresh_token":"refresh-2"}')
  })

  it('refreshes at once on start when the stored access token is about to expire', async () => {
    makeStore().set(sessionFromApi(apiSession(1), T0 - 880_000))
    fetchMock.mockResolvedValue(json(200, apiSession(2)))
    const store = started()
    await settle()
    expect(fetchMock).toHaveBeenCalledTimes(1)
    expect(store.get()?.accessToken).toBe('access-2')
  })

  it('drops the session when the refresh is refused with 401', async () => {
    const store = started()
    const listener = vi.fn<() => void>()
    store.subscribe(listener)
    store.set(sessionFromApi(apiSession(1)))
    fetchMock.mockResolvedValue(json(401, { error: { code: 'unauthorized', message: 'Session ended' } }))

    await vi.advanceTimersByTimeAsync(840_000)
    await settle()

    expect(store.get()).toBeNull()
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull()
    expect(listener).toHaveBeenCalledTimes(2) // signed in, then out
    await vi.advanceTimersByTimeAsync(3_600_000)
    expect(fetchMock).toHaveBeenCalledTimes(1)
  })

  it('keeps the session after a network error and tries again later', async () => {
    const store = started()
    store.set(sessionFromApi(apiSession(1)))
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'))
    fetchMock.mockResolvedValueOnce(json(200, apiSession(2)))

    await vi.advanceTimersByTimeAsync(840_000)
    await settle()
    expect(store.get()?.accessToken).toBe('access-1')

    await vi.advanceTimersByTimeAsync(5_000)
    await settle()
    expect(fetchMock).toHaveBeenCalledTimes(2)
    expect(store.get()?.accessToken).toBe('access-2')
  })

  it('waits as long as Retry-After says after a 429, keeping the session', async () => {
    const store = started()
    store.set(sessionFromApi(apiSession(1)))
    fetchMock.mockResolvedValueOnce(json(429, { error: { code: 'rate_limited', message: 'Slow down' } }, { 'Retry-After': '20' }))
    fetchMock.mockResolvedValueOnce(json(200, apiSession(2)))

    await vi.advanceTimersByTimeAsync(840_000)
    await settle()
    expect(store.get()?.accessToken).toBe('access-1')
    await vi.advanceTimersByTimeAsync(19_000)
    expect(fetchMock).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(1_000)
    await settle()
    expect(store.get()?.accessToken).toBe('access-2')
  })

  it('pauses the refresh while the tab is hidden and checks again when it becomes visible', async () => {
    const store = started()
    store.set(sessionFromApi(apiSession(1)))
    fetchMock.mockResolvedValue(json(200, apiSession(2)))

    doc.show('hidden')
    await vi.advanceTimersByTimeAsync(1_800_000)
    expect(fetchMock).not.toHaveBeenCalled()

    doc.show('visible')
    await settle()
    expect(fetchMock).toHaveBeenCalledTimes(1)
    expect(store.get()?.accessToken).toBe('access-2')
  })

  it('does not refresh on becoming visible while the token is still fresh', async () => {
    const store = started()
    store.set(sessionFromApi(apiSession(1)))
    doc.show('hidden')
    await vi.advanceTimersByTimeAsync(60_000)
    doc.show('visible')
    await settle()
    expect(fetchMock).not.toHaveBeenCalled()
    expect(store.get()?.accessToken).toBe('access-1')
  })

  it('takes the session another tab rotated (storage event) instead of refreshing the old token', async () => {
    const store = started()
    store.set(sessionFromApi(apiSession(1)))
    const listener = vi.fn<() => void>()
    store.subscribe(listener)

    await vi.advanceTimersByTimeAsync(830_000)
    otherTabWrites(win, sessionFromApi(apiSession(2)))
    expect(store.get()?.refreshToken).toBe('refresh-2')
    expect(listener).toHaveBeenCalledTimes(1)

    // The old timer (due at 840 s) is gone; the next is 840 s after the other tab's refresh.
    await vi.advanceTimersByTimeAsync(60_000)
    expect(fetchMock).not.toHaveBeenCalled()
  })

  it('signs out when another tab signs out', () => {
    const store = started()
    store.set(sessionFromApi(apiSession(1)))
    otherTabWrites(win, null)
    expect(store.get()).toBeNull()
  })

  it('a tab waking up uses the token another tab already rotated, even if it missed the event', async () => {
    const sleeper = started()
    sleeper.set(sessionFromApi(apiSession(1)))
    doc.show('hidden')
    await vi.advanceTimersByTimeAsync(1_000_000)
    // Meanwhile another tab refreshed and wrote storage (no event reached this tab).
    localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(sessionFromApi(apiSession(2))))

    doc.show('visible')
    await settle()
    expect(fetchMock).not.toHaveBeenCalled()
    expect(sleeper.get()?.refreshToken).toBe('refresh-2')
  })

  it('at its timer, takes a newer stored session and later refreshes that one, never the old token', async () => {
    const store = started()
    store.set(sessionFromApi(apiSession(1)))
    await vi.advanceTimersByTimeAsync(600_000)
    // Another tab rotated 5 minutes ago without this tab hearing of it.
    localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(sessionFromApi(apiSession(2), T0 + 300_000)))
    fetchMock.mockResolvedValue(json(200, apiSession(3)))

    await vi.advanceTimersByTimeAsync(240_000)
    expect(fetchMock).not.toHaveBeenCalled()
    expect(store.get()?.refreshToken).toBe('refresh-2')

    await vi.advanceTimersByTimeAsync(300_000)
    await settle()
    expect(fetchMock).toHaveBeenCalledTimes(1)
    expect(fetchMock.mock.calls[0]?.[1]?.body).toBe('{"refresh_token":"refresh-2"}')
    expect(store.get()?.accessToken).toBe('access-3')
  })

  it('serialises refreshes across tabs with the Web Lock "jobtap-refresh"', async () => {
    const requested: string[] = []
    let queue = Promise.resolve<unknown>(undefined)
    const locks = {
      request: (name: string, callback: () => Promise<unknown>) => {
        requested.push(name)
        const run = queue.then(callback)
        queue = run.catch(() => undefined)
        return run
      },
    } as unknown as LockManager
    const tabA = started({ locks })
    const tabB = started({ locks })
    tabA.set(sessionFromApi(apiSession(1)))
    tabB.set(sessionFromApi(apiSession(1)))
    fetchMock.mockResolvedValue(json(200, apiSession(2)))

    await vi.advanceTimersByTimeAsync(840_000)
    await settle()

    expect(requested).toEqual([REFRESH_LOCK_NAME, REFRESH_LOCK_NAME])
    // The second tab found tab A's new session in storage and did not replay refresh-1.
    expect(fetchMock).toHaveBeenCalledTimes(1)
    expect(tabA.get()?.refreshToken).toBe('refresh-2')
    expect(tabB.get()?.refreshToken).toBe('refresh-2')
  })

  it('makes one request when several callers refresh at once in a tab', async () => {
    const store = started()
    store.set(sessionFromApi(apiSession(1), T0 - 895_000))
    fetchMock.mockResolvedValue(json(200, apiSession(2)))
    const tokens = await Promise.all([store.freshAccessToken(), store.freshAccessToken(), store.refresh()])
    expect(fetchMock).toHaveBeenCalledTimes(1)
    expect(tokens.slice(0, 2)).toEqual(['access-2', 'access-2'])
  })

  it('after a 401, gives the token another tab already rotated without a request', async () => {
    const store = makeStore()
    store.set(sessionFromApi(apiSession(1)))
    localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(sessionFromApi(apiSession(2))))
    await expect(store.recoverFromUnauthorized('access-1')).resolves.toBe('access-2')
    expect(fetchMock).not.toHaveBeenCalled()
  })

  it('after a 401, refreshes even a fresh-looking token, and gives null when that fails', async () => {
    const store = makeStore()
    store.set(sessionFromApi(apiSession(1)))
    fetchMock.mockResolvedValueOnce(json(200, apiSession(2)))
    await expect(store.recoverFromUnauthorized('access-1')).resolves.toBe('access-2')

    fetchMock.mockResolvedValueOnce(json(401, { error: { code: 'unauthorized', message: 'x' } }))
    await expect(store.recoverFromUnauthorized('access-2')).resolves.toBeNull()
    expect(store.get()).toBeNull()
  })

  it('updates the user everywhere (memory and storage)', () => {
    const store = makeStore()
    store.set(sessionFromApi(apiSession(1)))
    store.updateUser({ onboarded: true, hasAvatar: true })
    expect(store.get()?.user).toMatchObject({ onboarded: true, hasAvatar: true })
    expect(stored()?.user.onboarded).toBe(true)
  })
})

describe('useSession', () => {
  it('throws outside SessionProvider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    expect(() => renderHook(() => useSession())).toThrow('useSession must be used within SessionProvider')
  })
})
