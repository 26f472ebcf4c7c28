import { useId, useState, type FormEvent } from 'react'
import { Button } from '@/components/button'
import { inputClasses } from '@/components/form-field'
import { COMPANY_ROLES } from '@/generated/catalogue'
import { ApiError } from '@/lib/api-client'
import { companyRoleInfo, DEFAULT_INVITE_ROLE } from '@/lib/company-role'
import { toast } from '@/lib/toast'
import { useInvite, useRemoveMember, useSetRole, useTeam, useWithdrawInvitation, type Member } from '../api/team'

/** Not in the spec: what the section says. Refusals are the server's words. */
const MESSAGES = {
  heading: 'Team',
  what: 'Everyone on your team signs in with their own account. What they may do depends on their role; you choose it.',
  memberWhat: 'Everyone on your team signs in with their own account. What they may do depends on their role; your admins choose it.',
  roles: 'What each role may do',
  asRole: (inSentence: string) => `As ${inSentence}, you`,
  loadFailed: 'Could not load your team',
  you: '(you)',
  role: (name: string) => `Role of ${name}`,
  remove: 'Remove',
  removeAsk: (name: string) => `Remove ${name} from the team? They lose access at once.`,
  removed: (name: string) => `${name} was removed from the team`,
  roleSaved: (name: string, role: string) => `${name} is now ${role}`,
  inviteHeading: 'Invite someone',
  email: 'E-mail address',
  inviteRole: 'Role',
  invite: 'Send invitation',
  invited: (email: string) => `Invitation e-mailed to ${email}`,
  invitedDetail: 'The link works once, for 7 days.',
  pending: 'Invitations waiting',
  until: (date: string) => `link works until ${date}`,
  withdraw: 'Withdraw',
  withdrawn: (email: string) => `The invitation to ${email} was withdrawn`,
  failed: 'That did not work',
} as const

function labelOf(key: string): string {
  return companyRoleInfo(key)?.label ?? key
}

function failed(error: unknown) {
  toast.error(MESSAGES.failed, { description: error instanceof ApiError ? error.message : undefined })
}

/** An employer's Settings section: the company's members and, for admins, invitations and roles. */
export function TeamSection() {
  const headingId = useId()
  const team = useTeam()
  const admin = team.data?.your_role === 'admin'

  return (
    <section aria-labelledby={headingId} className="mt-10 rounded-2xl border border-slate-200 bg-white p-5">
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        {MESSAGES.heading}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{admin ? MESSAGES.what : MESSAGES.memberWhat}</p>
      <RoleSummaries />
      {team.isError ? (
        <p role="alert" className="mt-4 text-sm text-red-700">
          {MESSAGES.loadFailed}
        </p>
      ) : (
        <>
          <ul className="mt-4 divide-y divide-slate-100" aria-busy={team.isPending}>
            {(team.data?.members ?? []).map((member) => (
              <MemberItem key={member.user_id} member={member} you={member.user_id === team.data?.you} admin={admin} />
            ))}
          </ul>
          {admin && <InviteForm />}
          {admin && (team.data?.invitations.length ?? 0) > 0 && (
            <div className="mt-6">
              <h3 className="text-sm font-semibold text-slate-800">{MESSAGES.pending}</h3>
              <ul className="mt-2 divide-y divide-slate-100">
                {team.data?.invitations.map((invitation) => (
                  <PendingItem
                    key={invitation.id}
                    id={invitation.id}
                    email={invitation.email}
                    role={invitation.role}
                    expiresAt={invitation.expires_at}
                  />
                ))}
              </ul>
            </div>
          )}
        </>
      )}
    </section>
  )
}

/** Core's roles, each with what it may do, in core's words. */
function RoleSummaries() {
  const id = useId()
  return (
    <div className="mt-3 rounded-xl bg-slate-50 px-4 py-3">
      <h3 id={id} className="text-sm font-semibold text-slate-800">
        {MESSAGES.roles}
      </h3>
      <dl aria-labelledby={id} className="mt-1 space-y-1 text-sm">
        {COMPANY_ROLES.map((role) => (
          <div key={role.key}>
            <dt className="inline font-medium text-slate-900">{role.label}: </dt>
            <dd className="inline text-slate-700">
              {MESSAGES.asRole(role.inSentence)} {role.summary}.
            </dd>
          </div>
        ))}
      </dl>
    </div>
  )
}

function MemberItem({ member, you, admin }: { member: Member; you: boolean; admin: boolean }) {
  const setRole = useSetRole()
  const remove = useRemoveMember()
  const name = member.full_name || member.email
  return (
    <li className="flex flex-wrap items-center gap-x-3 gap-y-2 py-3">
      <div className="min-w-0 flex-1 basis-48">
        <p className="break-words font-medium text-slate-900">
          {name} {you && <span className="font-normal text-slate-500">{MESSAGES.you}</span>}
        </p>
        <p className="break-all text-sm text-slate-600">{member.email}</p>
      </div>
      {admin ? (
        <div className="flex items-center gap-2">
          <select
            aria-label={MESSAGES.role(name)}
            className={`${inputClasses} w-auto`}
            value={member.role}
            disabled={setRole.isPending}
            onChange={(event) => {
              const role = event.target.value
              setRole.mutate(
                { userId: member.user_id, role },
                { onSuccess: () => toast.success(MESSAGES.roleSaved(name, labelOf(role))), onError: failed },
              )
            }}
          >
            {COMPANY_ROLES.map((role) => (
              <option key={role.key} value={role.key}>
                {role.label}
              </option>
            ))}
          </select>
          <Button
            variant="ghost"
            size="sm"
            disabled={remove.isPending}
            onClick={() => {
              if (!window.confirm(MESSAGES.removeAsk(name))) return
              remove.mutate(member.user_id, { onSuccess: () => toast.success(MESSAGES.removed(name)), onError: failed })
            }}
          >
            {MESSAGES.remove}
          </Button>
        </div>
      ) : (
        <span className="text-sm text-slate-700">{labelOf(member.role)}</span>
      )}
    </li>
  )
}

function PendingItem({ id, email, role, expiresAt }: { id: string; email: string; role: string; expiresAt: number }) {
  const withdraw = useWithdrawInvitation()
  const until = new Date(expiresAt).toLocaleDateString(undefined, { day: 'numeric', month: 'short' })
  return (
    <li className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2">
      <div className="min-w-0 flex-1 basis-48">
        <p className="break-all text-sm text-slate-900">{email}</p>
        <p className="text-xs text-slate-600">
          {labelOf(role)} · {MESSAGES.until(until)}
        </p>
      </div>
      <Button
        variant="ghost"
        size="sm"
        disabled={withdraw.isPending}
        onClick={() => withdraw.mutate(id, { onSuccess: () => toast.success(MESSAGES.withdrawn(email)), onError: failed })}
      >
        {MESSAGES.withdraw}
      </Button>
    </li>
  )
}

function InviteForm() {
  const id = useId()
  const invite = useInvite()
  const [email, setEmail] = useState('')
  const [role, setRole] = useState<string>(DEFAULT_INVITE_ROLE)
  const [problem, setProblem] = useState<string | undefined>(undefined)

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (invite.isPending || email.trim() === '') return
    setProblem(undefined)
    invite.mutate(
      { email, role },
      {
        onSuccess: (answer) => {
          setEmail('')
          toast.success(MESSAGES.invited(answer.email), { description: MESSAGES.invitedDetail })
        },
        onError: (error) => {
          const field = error instanceof ApiError ? error.firstFieldMessage('email') : undefined
          if (field !== undefined) setProblem(field)
          else failed(error)
        },
      },
    )
  }

  return (
    <form noValidate className="mt-6" onSubmit={onSubmit} aria-busy={invite.isPending}>
      <h3 className="text-sm font-semibold text-slate-800">{MESSAGES.inviteHeading}</h3>
      <div className="mt-2 flex flex-wrap items-end gap-3">
        <div className="min-w-0 flex-1 basis-56">
          <label htmlFor={`${id}-email`} className="block text-sm font-medium text-slate-800">
            {MESSAGES.email}
          </label>
          <input
            id={`${id}-email`}
            type="email"
            inputMode="email"
            autoComplete="off"
            className={`${inputClasses} mt-1.5 ${problem ? 'border-red-500' : ''}`}
            value={email}
            aria-invalid={problem !== undefined}
            aria-describedby={problem ? `${id}-problem` : undefined}
            onChange={(event) => {
              setEmail(event.target.value)
              setProblem(undefined)
            }}
          />
        </div>
        <div>
          <label htmlFor={`${id}-role`} className="block text-sm font-medium text-slate-800">
            {MESSAGES.inviteRole}
          </label>
          <select id={`${id}-role`} className={`${inputClasses} mt-1.5 w-auto`} value={role} onChange={(event) => setRole(event.target.value)}>
            {COMPANY_ROLES.map((choice) => (
              <option key={choice.key} value={choice.key}>
                {choice.label}
              </option>
            ))}
          </select>
        </div>
        <Button type="submit" variant="outline" aria-disabled={invite.isPending || email.trim() === ''}>
          {MESSAGES.invite}
        </Button>
      </div>
      {problem && (
        <p id={`${id}-problem`} role="alert" className="mt-1.5 text-sm text-red-700">
          {problem}
        </p>
      )}
    </form>
  )
}
