import { QueryClient } from '@tanstack/react-query'
import { persistQueryClientRestore, persistQueryClientSave } from '@tanstack/react-query-persist-client'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { followSignedInUser } from '@/app/session-sync'
import { savedQrLinkKey } from '@/features/documents/api/qr'
import { PROFILE_QUERY_KEY } from '@/entities/profile'
import { DOCUMENTS_QUERY_KEY } from '@/entities/documents'
import { FEED_QUERY_KEY, LAST_UPGRADE_QUERY_KEY, MY_APPLICATIONS_QUERY_KEY } from '@/entities/query-keys'
import { AVATAR_QUERY_KEY } from '@/lib/avatar'
import { createSessionStore, SESSION_STORAGE_KEY, type Session } from '@/lib/session'
import {
  createUserQueryPersister,
  QUERY_CACHE_MAX_AGE_MS,
  queryCacheKey,
  queryPersistOptions,
  removeQueryCaches,
  shouldPersistQuery,
  switchSavedQueries,
} from './query-persistence'

function session(userId: string): Session {
  return {
    user: {
      id: userId,
      email: `${userId}@example.com`,
      fullName: userId,
      companyName: null,
      roles: ['candidate'],
      onboarded: true,
      hasAvatar: false,
      emailConfirmed: true,
    },
    accessToken: `access-${userId}`,
    refreshToken: `refresh-${userId}`,
    expiresAt: 4_000_000_000,
    expiresIn: 900,
  }
}

/** A query as the persister sees it: its key and whether it holds data. */
function query(queryKey: readonly unknown[], status: 'success' | 'pending' | 'error' = 'success') {
  return { queryKey, state: { status } } as unknown as Parameters<typeof shouldPersistQuery>[0]
}

/** The saved cache of `userId`, parsed, or null. */
function savedCache(userId: string): { clientState: { queries: Array<{ queryKey: unknown[]; state: { data: unknown } }> } } | null {
  const text = localStorage.getItem(queryCacheKey(userId))
  return text === null ? null : JSON.parse(text)
}

const THROTTLE_MS = 1_000

describe('which queries are saved for offline use', () => {
  it.each([
    ['the feed', FEED_QUERY_KEY],
    ['My Applications', MY_APPLICATIONS_QUERY_KEY],
    ['the profile', PROFILE_QUERY_KEY],
    ['the document list', DOCUMENTS_QUERY_KEY],
    ['the last upgraded resume', LAST_UPGRADE_QUERY_KEY],
    ["a document's last QR link", savedQrLinkKey('doc-1')],
  ])('saves %s once it holds data', (_, key) => {
    expect(shouldPersistQuery(query(key))).toBe(true)
    expect(shouldPersistQuery(query(key, 'pending'))).toBe(false)
    expect(shouldPersistQuery(query(key, 'error'))).toBe(false)
  })

  it.each([
    ['the avatar (a blob)', [...AVATAR_QUERY_KEY, 'user-1']],
    ["the core's computed card texts", ['core', 'application-card', 'Analyst', 1, 2, 3]],
    ['a job\'s fit score', ['feed', 'job', 'job-1', 'score']],
    ["the employer's jobs", ['employer', 'jobs']],
    ['share links (they change on the server)', ['documents', 'share-links', 'doc-1']],
  ])('does not save %s', (_, key) => {
    expect(shouldPersistQuery(query(key))).toBe(false)
  })
})

describe('saved data per user', () => {
  let signedIn: string | null

  beforeEach(() => {
    localStorage.clear()
    vi.useFakeTimers()
    signedIn = 'user-a'
  })

  afterEach(() => {
    vi.useRealTimers()
  })

  function persister() {
    return createUserQueryPersister({ storage: localStorage, currentUserId: () => signedIn, throttleTime: THROTTLE_MS })
  }

  it("writes the signed-in user's whitelisted queries under a key holding their id, and nothing else", async () => {
    const options = queryPersistOptions(persister())
    const client = new QueryClient()
    client.setQueryData(MY_APPLICATIONS_QUERY_KEY, { applications: [{ id: 'app-1' }] })
    client.setQueryData([...AVATAR_QUERY_KEY, 'user-a'], 'blob')
    await persistQueryClientSave({ queryClient: client, ...options })
    vi.advanceTimersByTime(THROTTLE_MS)

    const saved = savedCache('user-a')
    expect(saved?.clientState.queries.map((q) => q.queryKey)).toEqual([[...MY_APPLICATIONS_QUERY_KEY]])
    expect(saved?.clientState.queries[0]?.state.data).toEqual({ applications: [{ id: 'app-1' }] })
    expect(localStorage.getItem('REACT_QUERY_OFFLINE_CACHE')).toBeNull()
  })

  it("restores only the signed-in user's data", async () => {
    const options = queryPersistOptions(persister())
    const client = new QueryClient()
    client.setQueryData(MY_APPLICATIONS_QUERY_KEY, { applications: [{ id: 'app-of-a' }] })
    await persistQueryClientSave({ queryClient: client, ...options })
    vi.advanceTimersByTime(THROTTLE_MS)

    signedIn = 'user-b'
    const forB = new QueryClient()
    await persistQueryClientRestore({ queryClient: forB, ...options })
    expect(forB.getQueryData(MY_APPLICATIONS_QUERY_KEY)).toBeUndefined()

    signedIn = 'user-a'
    const forA = new QueryClient()
    await persistQueryClientRestore({ queryClient: forA, ...options })
    expect(forA.getQueryData(MY_APPLICATIONS_QUERY_KEY)).toEqual({ applications: [{ id: 'app-of-a' }] })
  })

  it("removes the previous user's saved data when another user signs in", async () => {
    const options = queryPersistOptions(persister())
    const client = new QueryClient()
    client.setQueryData(MY_APPLICATIONS_QUERY_KEY, { applications: [{ id: 'app-of-a' }] })
    await persistQueryClientSave({ queryClient: client, ...options })
    vi.advanceTimersByTime(THROTTLE_MS)
    expect(savedCache('user-a')).not.toBeNull()

    signedIn = 'user-b'
    await switchSavedQueries(new QueryClient(), localStorage, options, 'user-b')
    expect(savedCache('user-a')).toBeNull()
  })

  it('drops a save still waiting to be written when its user signs out meanwhile', async () => {
    const options = queryPersistOptions(persister())
    const client = new QueryClient()
    client.setQueryData(FEED_QUERY_KEY, { pages: [], pageParams: [] })
    await persistQueryClientSave({ queryClient: client, ...options })
    signedIn = null
    vi.advanceTimersByTime(THROTTLE_MS)
    expect(savedCache('user-a')).toBeNull()
  })

  it('drops a save still waiting when another user signs in meanwhile, instead of writing it as theirs', async () => {
    const options = queryPersistOptions(persister())
    const client = new QueryClient()
    client.setQueryData(FEED_QUERY_KEY, { pages: [], pageParams: [] })
    await persistQueryClientSave({ queryClient: client, ...options })
    signedIn = 'user-b'
    vi.advanceTimersByTime(THROTTLE_MS)
    expect(savedCache('user-a')).toBeNull()
    expect(savedCache('user-b')).toBeNull()
  })

  it('writes the save still waiting at once when the page is left, for its user only', async () => {
    const userPersister = persister()
    const options = queryPersistOptions(userPersister)
    const client = new QueryClient()
    client.setQueryData(MY_APPLICATIONS_QUERY_KEY, { applications: [{ id: 'app-1' }] })
    await persistQueryClientSave({ queryClient: client, ...options })
    expect(savedCache('user-a')).toBeNull()
    userPersister.flush()
    expect(savedCache('user-a')?.clientState.queries[0]?.state.data).toEqual({ applications: [{ id: 'app-1' }] })

    localStorage.clear()
    client.setQueryData(MY_APPLICATIONS_QUERY_KEY, { applications: [] })
    await persistQueryClientSave({ queryClient: client, ...options })
    signedIn = null
    userPersister.flush()
    expect(savedCache('user-a')).toBeNull()
  })

  it('does not restore data older than a week', async () => {
    const options = queryPersistOptions(persister())
    const client = new QueryClient()
    client.setQueryData(PROFILE_QUERY_KEY, { profile: { id: 'user-a' } })
    await persistQueryClientSave({ queryClient: client, ...options })
    vi.advanceTimersByTime(THROTTLE_MS)
    expect(savedCache('user-a')).not.toBeNull()

    vi.advanceTimersByTime(QUERY_CACHE_MAX_AGE_MS + 1)
    const later = new QueryClient()
    await switchSavedQueries(later, localStorage, options, 'user-a')
    expect(later.getQueryData(PROFILE_QUERY_KEY)).toBeUndefined()
    expect(savedCache('user-a')).toBeNull()
  })
})

describe('removing saved data', () => {
  beforeEach(() => localStorage.clear())

  it("removes every user's saved data when signed out, and leaves other keys alone", () => {
    localStorage.setItem(queryCacheKey('user-a'), '{}')
    localStorage.setItem(queryCacheKey('user-b'), '{}')
    localStorage.setItem('jobtap.other', 'kept')
    removeQueryCaches(localStorage, null)
    expect(localStorage.getItem(queryCacheKey('user-a'))).toBeNull()
    expect(localStorage.getItem(queryCacheKey('user-b'))).toBeNull()
    expect(localStorage.getItem('jobtap.other')).toBe('kept')
  })

  it("keeps only the signed-in user's saved data", () => {
    localStorage.setItem(queryCacheKey('user-a'), '{}')
    localStorage.setItem(queryCacheKey('user-b'), '{}')
    removeQueryCaches(localStorage, 'user-b')
    expect(localStorage.getItem(queryCacheKey('user-a'))).toBeNull()
    expect(localStorage.getItem(queryCacheKey('user-b'))).toBe('{}')
  })

  it('is cleared on sign-out, so the next person on this computer sees none of it', async () => {
    vi.useFakeTimers()
    const store = createSessionStore({ storage: localStorage, fetch: vi.fn<typeof fetch>(), locks: null, window: null, document: null })
    store.set(session('user-a'))
    const client = new QueryClient()
    const options = queryPersistOptions(
      createUserQueryPersister({ storage: localStorage, currentUserId: () => store.get()?.user.id ?? null }),
    )
    client.setQueryData(MY_APPLICATIONS_QUERY_KEY, { applications: [{ id: 'app-of-a' }] })
    await persistQueryClientSave({ queryClient: client, ...options })
    vi.advanceTimersByTime(THROTTLE_MS)
    expect(savedCache('user-a')).not.toBeNull()

    const switched: Promise<void>[] = []
    const stop = followSignedInUser(store, { revalidate: () => Promise.resolve() }, client, (userId) => {
      switched.push(switchSavedQueries(client, localStorage, options, userId))
    })
    store.clear()
    await Promise.all(switched)
    vi.advanceTimersByTime(THROTTLE_MS)
    stop()
    vi.useRealTimers()

    expect(switched).toHaveLength(1)
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull()
    expect(savedCache('user-a')).toBeNull()
    expect(client.getQueryData(MY_APPLICATIONS_QUERY_KEY)).toBeUndefined()
  })
})
