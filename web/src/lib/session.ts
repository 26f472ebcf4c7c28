import { useSyncExternalStore } from 'react'

/** Who may use which screens (spec, candidate §6 and employer §6). */
export type Role = 'candidate' | 'employer'

/** The signed-in user as the API describes them. */
export type SessionUser = {
  id: string
  email: string
  fullName: string | null
  role: Role
}

/** A signed-in session (spec, candidate §3 "Session"). */
export type Session = {
  user: SessionUser
  accessToken: string
  refreshToken: string
  /** Expiry as Unix seconds. */
  expiresAt: number
  /** Lifetime in seconds when issued. */
  expiresIn: number
}

type Listener = () => void

let current: Session | null = null
const listeners = new Set<Listener>()

function notify(): void {
  for (const listener of listeners) listener()
}

/**
 * The one in-memory holder of the current session. The accounts work adds
 * persistence and refresh on top; everything else reads through here.
 */
export const sessionStore = {
  get(): Session | null {
    return current
  },
  set(session: Session): void {
    current = session
    notify()
  },
  clear(): void {
    if (current === null) return
    current = null
    notify()
  },
  /** The bearer token for API calls, or null when signed out. */
  accessToken(): string | null {
    return current?.accessToken ?? null
  },
  subscribe(listener: Listener): () => void {
    listeners.add(listener)
    return () => {
      listeners.delete(listener)
    }
  },
}

/** The current session, re-rendering when it changes. */
export function useSession(): Session | null {
  return useSyncExternalStore(sessionStore.subscribe, sessionStore.get, sessionStore.get)
}
