// Joining a company's team through an invitation's link (api/src/team/join.rs).
import { useMutation } from '@tanstack/react-query'
import { apiFetch } from '@/lib/api-client'
import type { Schema } from '@/lib/api-schema'
import { sessionFromApi, sessionStore, type ApiSession, type Session } from '@/lib/session'
import { useLinkCheck } from './link-check'

export type Invitation = Schema<'InvitationBody'>

/** POST /team/invitation: what the link offers, or a 410 when it was used, withdrawn or has expired. */
export async function showInvitation(token: string): Promise<Invitation> {
  // POST, so the token travels in a body, never in an address a log could keep.
  return apiFetch<Invitation>('/team/invitation', { method: 'POST', json: { token }, auth: false })
}

/** The link's offer, checked once per token (and again on `retry`). */
export function useInvitation(token: string | null) {
  return useLinkCheck(token, showInvitation)
}

export type JoinInput = { token: string; fullName: string; password: string }

/** POST /team/join: the invited person's new account, on the team, signed in here. */
export async function joinTeam(input: JoinInput): Promise<Session> {
  const body = await apiFetch<ApiSession>('/team/join', {
    method: 'POST',
    json: { token: input.token, full_name: input.fullName, password: input.password },
    auth: false,
  })
  const session = sessionFromApi(body)
  sessionStore.set(session)
  return session
}

export function useJoinTeam() {
  return useMutation({ mutationFn: joinTeam })
}

/** POST /team/accept: the signed-in account joins the team. */
export function useAcceptInvitation() {
  return useMutation({
    mutationFn: (token: string) =>
      apiFetch<Schema<'JoinedBody'>>('/team/accept', { method: 'POST', json: { token } }),
  })
}
