// A company's team: its members, their roles and the invitations pending (api/src/team/routes.rs).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { apiFetch } from '@/lib/api-client'
import type { Schema } from '@/lib/api-schema'

export type Team = Schema<'TeamBody'>
export type Member = Schema<'MemberRow'>
export type PendingInvitation = Schema<'InvitationRow'>

const KEY = ['employer', 'team'] as const
const PATH = '/employer/team'

/** The caller's company's team; pending invitations are listed to admins only. Asked only for an employer (`enabled`). */
export function useTeam({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ queryKey: KEY, queryFn: () => apiFetch<Team>(PATH), enabled })
}

/** Every change to the team reads the team again: what the server now holds is what is shown. */
function useTeamChange<Input, Answer>(send: (input: Input) => Promise<Answer>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: send,
    onSettled: () => queryClient.invalidateQueries({ queryKey: KEY }),
  })
}

/** Invites an address as `role`; the e-mail with the link is queued by the server. */
export function useInvite() {
  return useTeamChange((input: { email: string; role: string }) =>
    apiFetch<PendingInvitation>(`${PATH}/invitations`, { method: 'POST', json: input }),
  )
}

/** Withdraws a pending invitation: its link stops working. */
export function useWithdrawInvitation() {
  return useTeamChange((id: string) =>
    apiFetch<void>(`${PATH}/invitations/${encodeURIComponent(id)}`, { method: 'DELETE' }),
  )
}

/** Gives a member another role. */
export function useSetRole() {
  return useTeamChange((input: { userId: string; role: string }) =>
    apiFetch<Team>(`${PATH}/members/${encodeURIComponent(input.userId)}`, { method: 'PUT', json: { role: input.role } }),
  )
}

/** Removes a member: their next request is refused. */
export function useRemoveMember() {
  return useTeamChange((userId: string) =>
    apiFetch<void>(`${PATH}/members/${encodeURIComponent(userId)}`, { method: 'DELETE' }),
  )
}
