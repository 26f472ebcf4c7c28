// Following an e-mail confirmation link (api/src/auth/confirm_routes.rs).
import { apiFetch } from '@/lib/api-client'
import type { Schema } from '@/lib/api-schema'
import { sessionStore, userFromApi } from '@/lib/session'

/** The links followed on this page load: the answer is kept, since a link works only once. */
const followed = new Map<string, Promise<Schema<'ConfirmedReply'>>>()

/**
 * POST /auth/confirm-email: the link's address becomes the account's, confirmed (410 used or
 * expired, 409 taken meanwhile). Asked once per token even when a render runs the effect twice.
 * A session open on this device reads its user again, so it learns its confirmed address.
 */
export function followConfirmationLink(token: string): Promise<Schema<'ConfirmedReply'>> {
  let answer = followed.get(token)
  if (answer === undefined) {
    answer = apiFetch<Schema<'ConfirmedReply'>>('/auth/confirm-email', {
      method: 'POST',
      json: { token },
      auth: false,
    }).then(
      async (reply) => {
        if (sessionStore.get() !== null) {
          // The session's user as the server now tells it (the link may be another account's).
          const me = await apiFetch<Schema<'MeBody'>>('/auth/session')
          sessionStore.updateUser(userFromApi(me.user))
        }
        return reply
      },
      (error: unknown) => {
        // Asked again on "Try again"; a link the server refused stays refused anyway.
        followed.delete(token)
        throw error
      },
    )
    followed.set(token, answer)
  }
  return answer
}
