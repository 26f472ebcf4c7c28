// The signed-in session, in one place: kept in localStorage, refreshed shortly
// before the access token expires, checked again when the tab becomes visible,
// paused while it is hidden, and shared between tabs so that one tab's refresh
// (refresh tokens rotate on every use) never signs another tab out.
import { createContext, createElement, useContext, useEffect, useSyncExternalStore, type ReactNode } from 'react'
import { API_BASE_PATH } from '@/config/env'
import { COMPANY_ROLES } from '@/generated/catalogue'
import type { Schema } from '@/lib/api-schema'

/** Who may use which screens (spec, candidate §6 and employer §6). */
export type Role = Schema<'Role'>

/** An employer's role on their company's team (core's `COMPANY_ROLES`). */
export type CompanyRole = (typeof COMPANY_ROLES)[number]['key']

const COMPANY_ROLE_KEYS: readonly string[] = COMPANY_ROLES.map((role) => role.key)

/** `value` as a company role, or null when it is none this build knows. */
export function companyRoleOf(value: unknown): CompanyRole | null {
  return typeof value === 'string' && COMPANY_ROLE_KEYS.includes(value) ? (value as CompanyRole) : null
}

/** The signed-in user as the API describes them. */
export type SessionUser = {
  id: string
  email: string
  fullName: string
  companyName: string | null
  /** An employer's company id (its job-board feed's); absent in sessions stored before it existed. */
  companyId?: string | null
  /**
   * An employer's role on their company's team: what the screens offer them (the server checks it
   * again on every request). Absent in sessions stored before it existed.
   */
  companyRole?: CompanyRole | null
  roles: Role[]
  /** Whether onboarding has been completed once. */
  onboarded: boolean
  hasAvatar: boolean
  /** Whether the address is confirmed: until then applying and publishing are refused. */
  emailConfirmed: boolean
}

/** A signed-in session (spec, candidate §3 "Session"). */
export type Session = {
  user: SessionUser
  accessToken: string
  refreshToken: string
  /** When the access token expires, as Unix seconds on this device's clock. */
  expiresAt: number
  /** Lifetime in seconds when issued. */
  expiresIn: number
}

/** The session as the API sends it (sign-up, sign-in and refresh answers). */
export type ApiSession = Schema<'SessionBody'>

/** The user object of an API answer, in the app's shape. */
export function userFromApi(user: ApiSession['user']): SessionUser {
  return {
    id: user.id,
    email: user.email,
    fullName: user.full_name,
    companyName: user.company_name,
    companyId: user.company_id ?? null,
    companyRole: companyRoleOf(user.company_role),
    roles: user.roles,
    onboarded: user.onboarded,
    hasAvatar: user.has_avatar,
    emailConfirmed: user.email_confirmed,
  }
}

/**
 * An API session in the app's shape. The expiry is counted from `receivedAtMs`
 * with `expires_in`, so a device clock that is off does not cause refresh loops.
 */
export function sessionFromApi(body: ApiSession, receivedAtMs: number = Date.now()): Session {
  return {
    user: userFromApi(body.user),
    accessToken: body.access_token,
    refreshToken: body.refresh_token,
    expiresAt: Math.floor(receivedAtMs / 1000) + body.expires_in,
    expiresIn: body.expires_in,
  }
}

/** The localStorage key holding the session. */
export const SESSION_STORAGE_KEY = 'jobtap.session'
/** The Web Locks name that serialises refreshes across tabs. */
export const REFRESH_LOCK_NAME = 'jobtap-refresh'
/** Refresh this many seconds before the access token expires. */
export const REFRESH_MARGIN_SECONDS = 60
/** Waits after failed refreshes that may succeed later (network, 5xx, 429). */
export const RETRY_DELAYS_MS = [5_000, 15_000, 30_000, 60_000] as const

/** Statuses of a refresh answer meaning the refresh token is dead: the session is dropped. */
const FATAL_REFRESH_STATUSES = new Set([400, 401, 403, 422])

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null
}

/** A session read back from storage, or null when it is missing or not of the expected shape. */
export function parseStoredSession(text: string | null): Session | null {
  if (text === null) return null
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    return null
  }
  if (!isObject(value) || !isObject(value.user)) return null
  const { user } = value
  const ok =
    typeof value.accessToken === 'string' &&
    typeof value.refreshToken === 'string' &&
    typeof value.expiresAt === 'number' &&
    typeof value.expiresIn === 'number' &&
    typeof user.id === 'string' &&
    typeof user.email === 'string' &&
    typeof user.fullName === 'string' &&
    (user.companyName === null || typeof user.companyName === 'string') &&
    (user.companyId === undefined || user.companyId === null || typeof user.companyId === 'string') &&
    (user.companyRole === undefined || user.companyRole === null || companyRoleOf(user.companyRole) !== null) &&
    Array.isArray(user.roles) &&
    user.roles.every((r) => r === 'candidate' || r === 'employer') &&
    typeof user.onboarded === 'boolean' &&
    typeof user.hasAvatar === 'boolean' &&
    (user.emailConfirmed === undefined || typeof user.emailConfirmed === 'boolean')
  if (!ok) return null
  // Kept before the field existed: the server still refuses what needs it, and the next refresh
  // tells the truth, so such a session is not signed out for it.
  if (user.emailConfirmed === undefined) user.emailConfirmed = true
  return value as Session
}

type Listener = () => void

export type SessionStoreOptions = {
  /** Where the session persists (localStorage); null keeps it in memory only. */
  storage?: Storage | null
  fetch?: typeof fetch
  /** The clock in milliseconds. */
  now?: () => number
  /** Web Locks, to serialise refreshes across tabs; null when unavailable. */
  locks?: LockManager | null
  /** The window and document whose `storage`, `online` and `visibilitychange` events are followed. */
  window?: Window | null
  document?: Document | null
}

/** The session store's interface, used by the API client, the route guards and `useSession`. */
export type SessionStore = ReturnType<typeof createSessionStore>

function defaultStorage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage
  } catch {
    return null // Storage can be blocked by browser settings.
  }
}

/** Creates a session store; the app uses the one `sessionStore`, tests make their own. */
export function createSessionStore(options: SessionStoreOptions = {}) {
  const storage = options.storage === undefined ? defaultStorage() : options.storage
  const fetchImpl = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init))
  const now = options.now ?? (() => Date.now())
  const locks =
    options.locks === undefined
      ? typeof navigator !== 'undefined' && 'locks' in navigator
        ? navigator.locks
        : null
      : options.locks
  const win = options.window === undefined ? (typeof window === 'undefined' ? null : window) : options.window
  const doc = options.document === undefined ? (typeof document === 'undefined' ? null : document) : options.document

  const listeners = new Set<Listener>()
  let current: Session | null = readStored()
  let timer: ReturnType<typeof setTimeout> | undefined
  let failures = 0
  /** Set after a failure that may succeed later: the time of the next try. */
  let retryAt: number | null = null
  let inFlight: Promise<Session | null> | null = null
  let running = 0

  function readStored(): Session | null {
    if (!storage) return null
    try {
      return parseStoredSession(storage.getItem(SESSION_STORAGE_KEY))
    } catch {
      return null
    }
  }

  function writeStored(session: Session | null): void {
    if (!storage) return
    try {
      if (session === null) storage.removeItem(SESSION_STORAGE_KEY)
      else storage.setItem(SESSION_STORAGE_KEY, JSON.stringify(session))
    } catch {
      // Full or blocked storage: the session still lives in memory for this tab.
    }
  }

  /** The newest session any tab wrote (storage is shared), or this tab's when there is no storage. */
  function latest(): Session | null {
    return storage ? readStored() : current
  }

  function notify(): void {
    for (const listener of listeners) listener()
  }

  function hidden(): boolean {
    return doc?.visibilityState === 'hidden'
  }

  function secondsLeft(session: Session): number {
    return session.expiresAt - now() / 1000
  }

  const MAX_TIMER_MS = 2_147_483_647

  function cancelTimer(): void {
    if (timer !== undefined) clearTimeout(timer)
    timer = undefined
  }

  /** Arms the one refresh timer: at the retry time after a failure, else `REFRESH_MARGIN_SECONDS` before expiry. */
  function schedule(): void {
    cancelTimer()
    if (running === 0 || current === null || hidden()) return
    const dueAt = retryAt ?? (current.expiresAt - REFRESH_MARGIN_SECONDS) * 1000
    const delay = Math.max(0, dueAt - now())
    // setTimeout fires at once for delays past 2^31-1 ms; wake up then and look again.
    timer = setTimeout(() => {
      timer = undefined
      if (delay > MAX_TIMER_MS) schedule()
      else void refresh()
    }, Math.min(delay, MAX_TIMER_MS))
  }

  /** Takes `session` as current without writing it (it came from storage). */
  function adopt(session: Session | null): void {
    if (sameSession(session, current)) return
    current = session
    failures = 0
    retryAt = null
    notify()
  }

  function set(session: Session): void {
    current = session
    failures = 0
    retryAt = null
    writeStored(session)
    notify()
    schedule()
  }

  function clear(): void {
    cancelTimer()
    failures = 0
    retryAt = null
    writeStored(null)
    if (current === null) return
    current = null
    notify()
  }

  function retryLater(retryAfterSeconds?: number): void {
    const delay = retryAfterSeconds !== undefined
      ? retryAfterSeconds * 1000
      : (RETRY_DELAYS_MS[Math.min(failures, RETRY_DELAYS_MS.length - 1)] ?? 60_000)
    failures += 1
    retryAt = now() + delay
    schedule()
  }

  /**
   * One refresh, inside the cross-tab lock. Storage is read first: when another
   * tab already rotated the tokens, its session is taken instead of replaying
   * the old refresh token. `failedAccessToken` forces a refresh unless the
   * token has changed since it was refused.
   */
  async function refreshLocked(failedAccessToken: string | undefined): Promise<Session | null> {
    const stored = latest()
    if (stored === null) {
      cancelTimer()
      adopt(null)
      return null
    }
    adopt(stored)
    const needed =
      failedAccessToken !== undefined
        ? stored.accessToken === failedAccessToken
        : secondsLeft(stored) <= REFRESH_MARGIN_SECONDS
    if (!needed) {
      schedule()
      return stored
    }

    let response: Response
    try {
      response = await fetchImpl(`${API_BASE_PATH}/auth/refresh`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify({ refresh_token: stored.refreshToken }),
      })
    } catch {
      retryLater()
      return current
    }
    if (response.ok) {
      try {
        set(sessionFromApi((await response.json()) as ApiSession, now()))
        return current
      } catch {
        retryLater()
        return current
      }
    }
    if (FATAL_REFRESH_STATUSES.has(response.status)) {
      clear()
      return null
    }
    const retryAfter = Number(response.headers.get('Retry-After'))
    retryLater(Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : undefined)
    return current
  }

  /** Refreshes once at a time in this tab, and one tab at a time across tabs. */
  function refresh(failedAccessToken?: string): Promise<Session | null> {
    if (inFlight) return inFlight
    const run = () => refreshLocked(failedAccessToken)
    const promise = locks ? locks.request(REFRESH_LOCK_NAME, run) : run()
    inFlight = promise.finally(() => {
      inFlight = null
    })
    return inFlight
  }

  /** On becoming visible (or back online): take another tab's newer session, refresh if due, else re-arm. */
  function check(): void {
    if (hidden()) {
      cancelTimer()
      return
    }
    const stored = latest()
    if (stored === null) {
      adopt(null)
      cancelTimer()
      return
    }
    adopt(stored)
    const due = retryAt !== null ? retryAt <= now() : secondsLeft(stored) <= REFRESH_MARGIN_SECONDS
    if (due) void refresh()
    else schedule()
  }

  function onStorage(event: StorageEvent): void {
    if (event.key !== SESSION_STORAGE_KEY && event.key !== null) return
    const stored = readStored()
    adopt(stored)
    if (stored === null) cancelTimer()
    else schedule()
  }

  function onOnline(): void {
    if (retryAt !== null) retryAt = now()
    check()
  }

  return {
    /** The current session, or null when signed out. */
    get(): Session | null {
      return current
    },
    /** Signs in: keeps `session` (all tabs see it) and schedules its refresh. */
    set,
    /** Signs out locally, in every tab. */
    clear,
    /** Changes the stored user (after onboarding, for example). */
    updateUser(patch: Partial<SessionUser>): void {
      if (current === null) return
      set({ ...current, user: { ...current.user, ...patch } })
    },
    /** The bearer token for API calls, or null when signed out. */
    accessToken(): string | null {
      return current?.accessToken ?? null
    },
    /** The bearer token, refreshed first when it has expired or is about to (within 10 s). */
    async freshAccessToken(): Promise<string | null> {
      if (current === null) return null
      if (secondsLeft(current) > 10) return current.accessToken
      const session = await refresh()
      return session?.accessToken ?? null
    },
    /**
     * After a 401 answered to `failedAccessToken`: a newer token (another tab's,
     * or a fresh refresh), or null when there is none and the call should fail.
     */
    async recoverFromUnauthorized(failedAccessToken: string): Promise<string | null> {
      const session = await refresh(failedAccessToken)
      const token = session?.accessToken ?? null
      return token !== failedAccessToken ? token : null
    },
    /** Refreshes now unless another tab already did (serialised). */
    refresh: () => refresh(),
    subscribe(listener: Listener): () => void {
      listeners.add(listener)
      return () => {
        listeners.delete(listener)
      }
    },
    /** Starts the timers and event listeners; returns the function that stops them. */
    start(): () => void {
      running += 1
      win?.addEventListener('storage', onStorage)
      win?.addEventListener('online', onOnline)
      doc?.addEventListener('visibilitychange', check)
      check()
      return () => {
        running -= 1
        win?.removeEventListener('storage', onStorage)
        win?.removeEventListener('online', onOnline)
        doc?.removeEventListener('visibilitychange', check)
        if (running === 0) cancelTimer()
      }
    },
  }
}

function sameSession(a: Session | null, b: Session | null): boolean {
  if (a === b) return true
  if (a === null || b === null) return false
  return JSON.stringify(a) === JSON.stringify(b)
}

/** The app's one session store. */
export const sessionStore = createSessionStore()

const SessionContext = createContext<SessionStore | null>(null)

/** Provides the session to the app and runs its refresh timers while mounted. */
export function SessionProvider({ store = sessionStore, children }: { store?: SessionStore; children: ReactNode }) {
  useEffect(() => store.start(), [store])
  return createElement(SessionContext.Provider, { value: store }, children)
}

/** The current session and the ways to change it; re-renders when it changes. */
export function useSession() {
  const store = useContext(SessionContext)
  if (store === null) throw new Error('useSession must be used within SessionProvider')
  const session = useSyncExternalStore(store.subscribe, store.get, store.get)
  return {
    session,
    user: session?.user ?? null,
    setSession: store.set,
    clearSession: store.clear,
    updateUser: store.updateUser,
  }
}
