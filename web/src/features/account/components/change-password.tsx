import { KeyRound } from 'lucide-react'
import { useId } from 'react'
import { NEW_PASSWORD_HINT } from '@/generated/catalogue'
import { useSession } from '@/lib/session'
import { toast } from '@/lib/toast'
import { useChangePassword } from '../api/change-password'
import { AccountForm } from './account-form'

/** Not in the spec: what the section says. Refusals are the server's words, under their field. */
const MESSAGES = {
  heading: 'Change password',
  what: 'You stay signed in here; every other device signed in to your account is signed out.',
  current: 'Current password',
  next: 'New password',
  save: 'Change password',
  saving: 'Changing…',
  changed: 'Your password was changed',
  changedDetail: 'Every other device signed in to your account was signed out.',
  failed: 'Your password was not changed',
} as const

/** The settings page's "Change password": the current password is asked again. */
export function ChangePasswordSection() {
  const { user } = useSession()
  const change = useChangePassword()
  const headingId = useId()

  return (
    <section aria-labelledby={headingId} className="mt-10 rounded-2xl border border-slate-200 bg-white p-5">
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        {MESSAGES.heading}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{MESSAGES.what}</p>
      <AccountForm
        fields={[
          { name: 'current_password', label: MESSAGES.current, type: 'password', autoComplete: 'current-password' },
          {
            name: 'new_password',
            label: MESSAGES.next,
            type: 'password',
            autoComplete: 'new-password',
            hint: NEW_PASSWORD_HINT,
          },
        ]}
        send={(values) => change.mutateAsync({ currentPassword: values.current_password, newPassword: values.new_password })}
        pending={change.isPending}
        allRequired
        onSent={() => toast.success(MESSAGES.changed, { description: MESSAGES.changedDetail })}
        failed={MESSAGES.failed}
        save={MESSAGES.save}
        saving={MESSAGES.saving}
        icon={<KeyRound aria-hidden="true" />}
      >
        {/* Tells a password manager whose password this is, so it updates the right entry. */}
        <input type="email" name="username" autoComplete="username" value={user?.email ?? ''} readOnly hidden />
      </AccountForm>
    </section>
  )
}
