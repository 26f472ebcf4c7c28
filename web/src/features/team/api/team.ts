// A company's team: its members, their roles and the invitations pending (api/src/team/routes.rs).
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiFetch } from '@/lib/api-client'
import type { Schema } from '@/lib/api-schema'
import { COMPANY_TEAM_KEY as KEY, useCompanyTeam, type CompanyMember, type CompanyTeam } from '@/entities/company-team'

export type Team = CompanyTeam
export type Member = CompanyMember
export type PendingInvitation = Schema<'InvitationRow'>

const PATH = '/employer/team'

/** The caller's company's team; pending invitations are listed to admins only. Asked only for an employer (`enabled`). */
export const useTeam = useCompanyTeam

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
