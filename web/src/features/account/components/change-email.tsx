import { Mail } from 'lucide-react'
import { useId } from 'react'
import { useSession } from '@/lib/session'
import { toast } from '@/lib/toast'
import { useChangeEmail } from '../api/change-email'
import { AccountForm } from './account-form'

/** Not in the spec: what the section says. Refusals are the server's words, under their field. */
const MESSAGES = {
  heading: 'E-mail address',
  current: 'Your account uses',
  next: 'New e-mail address',
  password: 'Current password',
  save: 'Change e-mail address',
  saving: 'Sending the link…',
  sent: 'Check your new inbox',
  failed: 'Your e-mail address was not changed',
} as const

/** The settings page's "E-mail address": a link confirms the new address before it is used. */
export function ChangeEmailSection() {
  const { user } = useSession()
  const change = useChangeEmail()
  const headingId = useId()

  return (
    <section aria-labelledby={headingId} className="mt-10 rounded-2xl border border-slate-200 bg-white p-5">
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        {MESSAGES.heading}
      </h2>
      <p className="mt-1 break-words text-sm text-slate-600">
        {MESSAGES.current} <strong className="font-semibold text-slate-900">{user?.email}</strong>.
      </p>
      <AccountForm
        fields={[
          { name: 'new_email', label: MESSAGES.next, type: 'email', autoComplete: 'email' },
          { name: 'current_password', label: MESSAGES.password, type: 'password', autoComplete: 'current-password' },
        ]}
        send={(values) => change.mutateAsync({ newEmail: values.new_email, currentPassword: values.current_password })}
        pending={change.isPending}
        allRequired
        conflictField="new_email"
        onSent={(reply) => toast.success(MESSAGES.sent, { description: reply.message })}
        failed={MESSAGES.failed}
        save={MESSAGES.save}
        saving={MESSAGES.saving}
        icon={<Mail aria-hidden="true" />}
      />
    </section>
  )
}
