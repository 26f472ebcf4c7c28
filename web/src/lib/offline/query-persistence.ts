// The saved data the app shows offline: a few whitelisted queries of the TanStack
// Query cache, kept in localStorage per signed-in user (the key holds the user id),
// for at most a week, and removed when that user signs out, so a shared computer
// never shows one person's jobs or applications to the next.
import type { Query, QueryClient, QueryKey } from '@tanstack/react-query'
import { createSyncStoragePersister } from '@tanstack/query-sync-storage-persister'
import {
  persistQueryClientRestore,
  type PersistQueryClientOptions,
  type Persister,
  type PersistedClient,
} from '@tanstack/react-query-persist-client'
import { DOCUMENTS_QUERY_KEY } from '@/entities/documents'
import { PROFILE_QUERY_KEY } from '@/entities/profile'
import { SERVER_SETTINGS_QUERY_KEY } from '@/entities/server-settings'
import { FEED_QUERY_KEY, LAST_UPGRADE_QUERY_KEY, MY_APPLICATIONS_QUERY_KEY, QR_LINK_QUERY_PREFIX } from '@/entities/query-keys'

/** Saved caches are stored under this prefix followed by the user id. */
export const QUERY_CACHE_KEY_PREFIX = 'jobtap.query-cache.'
/** Saved data older than this is dropped instead of shown. */
export const QUERY_CACHE_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000
/** Bump when a persisted query's data changes shape: older saved caches are then dropped. */
export const QUERY_CACHE_VERSION = '3'

/**
 * The queries kept for offline use, by the start of their key: the feed's loaded
 * jobs, My Applications, the profile, the document list, the last upgraded resume
 * (PDF export offline), the last share link made per document (QR code offline) and the
 * server's settings (the import limits a CSV preview offline needs). Everything else (avatars as blobs, the core's computed texts, employer data) is not kept.
 */
export const PERSISTED_QUERY_KEYS: readonly (readonly string[])[] = [
  FEED_QUERY_KEY,
  MY_APPLICATIONS_QUERY_KEY,
  PROFILE_QUERY_KEY,
  DOCUMENTS_QUERY_KEY,
  QR_LINK_QUERY_PREFIX,
  LAST_UPGRADE_QUERY_KEY,
  SERVER_SETTINGS_QUERY_KEY,
]

/** Whether a query with this key is kept for offline use. */
export function isPersistedKey(key: QueryKey): boolean {
  return PERSISTED_QUERY_KEYS.some((prefix) => prefix.every((part, i) => key[i] === part))
}

/** Which queries are saved: whitelisted ones that hold data (never a pending or failed one). */
export function shouldPersistQuery(query: Pick<Query, 'queryKey' | 'state'>): boolean {
  return query.state.status === 'success' && isPersistedKey(query.queryKey)
}

/** The localStorage key of one user's saved cache. */
export function queryCacheKey(userId: string): string {
  return `${QUERY_CACHE_KEY_PREFIX}${userId}`
}

/** Removes every saved cache except `keepUserId`'s (all of them when null: signed out). */
export function removeQueryCaches(storage: Storage | null, keepUserId: string | null): void {
  if (!storage) return
  try {
    const keep = keepUserId === null ? null : queryCacheKey(keepUserId)
    const doomed: string[] = []
    for (let i = 0; i < storage.length; i++) {
      const key = storage.key(i)
      if (key !== null && key.startsWith(QUERY_CACHE_KEY_PREFIX) && key !== keep) doomed.push(key)
    }
    for (const key of doomed) storage.removeItem(key)
  } catch {
    // Blocked storage holds nothing to remove.
  }
}

export type UserQueryPersisterOptions = {
  storage: Storage | null
  /** The signed-in user's id, or null when signed out. */
  currentUserId: () => string | null
  /** Saves are batched this long (the sync persister's throttle). */
  throttleTime?: number
}

/** A persister with `flush()`: writes the save still waiting in the batch now (the page is being left). */
export type UserQueryPersister = Persister & { flush(): void }

/**
 * A persister that saves each user's cache under their own key with the sync
 * storage persister. A save is routed to the user signed in when the cache
 * changed, and written only if that user is still signed in when the batched
 * write runs: a sign-out (or another user signing in) in between drops it.
 */
export function createUserQueryPersister({ storage, currentUserId, throttleTime }: UserQueryPersisterOptions): UserQueryPersister {
  const perUser = new Map<string, Persister>()
  /** The latest save not yet known to be written, and whose it is. */
  let pending: { userId: string; client: PersistedClient } | null = null

  function persisterOf(userId: string): Persister {
    let persister = perUser.get(userId)
    if (persister === undefined) {
      const owned: Storage | undefined = storage ? ownedStorage(storage, userId, currentUserId) : undefined
      persister = createSyncStoragePersister({ storage: owned, key: queryCacheKey(userId), throttleTime })
      perUser.set(userId, persister)
    }
    return persister
  }

  return {
    persistClient(client: PersistedClient) {
      const userId = currentUserId()
      if (userId === null) return
      pending = { userId, client }
      return persisterOf(userId).persistClient(client)
    },
    restoreClient() {
      const userId = currentUserId()
      return userId === null ? undefined : persisterOf(userId).restoreClient()
    },
    removeClient() {
      pending = null
      const userId = currentUserId()
      if (userId !== null) return persisterOf(userId).removeClient()
    },
    flush() {
      const save = pending
      pending = null
      if (save === null || !storage || currentUserId() !== save.userId) return
      try {
        storage.setItem(queryCacheKey(save.userId), JSON.stringify(save.client))
      } catch {
        // Full storage: the batched write will meet the same; nothing more to do here.
      }
    },
  }
}

/** `storage`, except that writes happen only while `userId` is the signed-in user. */
function ownedStorage(storage: Storage, userId: string, currentUserId: () => string | null): Storage {
  return {
    get length() {
      return storage.length
    },
    key: (index) => storage.key(index),
    getItem: (key) => storage.getItem(key),
    setItem: (key, value) => {
      if (currentUserId() === userId) storage.setItem(key, value)
    },
    removeItem: (key) => storage.removeItem(key),
    clear: () => storage.clear(),
  }
}

/** The persistence options the app's query client runs with. */
export function queryPersistOptions(persister: Persister): Omit<PersistQueryClientOptions, 'queryClient'> {
  return {
    persister,
    maxAge: QUERY_CACHE_MAX_AGE_MS,
    buster: QUERY_CACHE_VERSION,
    dehydrateOptions: { shouldDehydrateQuery: shouldPersistQuery },
  }
}

/**
 * After the signed-in user changed (their cache already cleared): every other
 * user's saved data is removed, the new user's (if any) restored. Null signs out.
 */
export async function switchSavedQueries(
  queryClient: QueryClient,
  storage: Storage | null,
  options: Omit<PersistQueryClientOptions, 'queryClient'>,
  userId: string | null,
): Promise<void> {
  removeQueryCaches(storage, userId)
  if (userId !== null) await persistQueryClientRestore({ queryClient, ...options })
}
