import { Mail } from 'lucide-react'
import { useId, useState, type FormEvent } from 'react'
import { Button } from '@/components/button'
import { TextField } from '@/components/form-field'
import { ApiError } from '@/lib/api-client'
import { useSession } from '@/lib/session'
import { toast } from '@/lib/toast'
import { useChangeEmail } from '../api/change-email'

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

type Problems = { next?: string; password?: string }

/** The settings page's "E-mail address": a link confirms the new address before it is used. */
export function ChangeEmailSection() {
  const { user } = useSession()
  const change = useChangeEmail()
  const [next, setNext] = useState('')
  const [password, setPassword] = useState('')
  const [problems, setProblems] = useState<Problems>({})
  const headingId = useId()

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (change.isPending) return
    setProblems({})
    try {
      const reply = await change.mutateAsync({ newEmail: next, currentPassword: password })
      setNext('')
      setPassword('')
      toast.success(MESSAGES.sent, { description: reply.message })
    } catch (error) {
      const found: Problems =
        error instanceof ApiError
          ? {
              next: error.firstFieldMessage('new_email') ?? (error.status === 409 ? error.message : undefined),
              password: error.firstFieldMessage('current_password'),
            }
          : {}
      if (found.next !== undefined || found.password !== undefined) setProblems(found)
      else toast.error(MESSAGES.failed, { description: error instanceof ApiError ? error.message : undefined })
    }
  }

  return (
    <section aria-labelledby={headingId} className="mt-10 rounded-2xl border border-slate-200 bg-white p-5">
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        {MESSAGES.heading}
      </h2>
      <p className="mt-1 break-words text-sm text-slate-600">
        {MESSAGES.current} <strong className="font-semibold text-slate-900">{user?.email}</strong>.
      </p>
      <form noValidate onSubmit={(e) => void onSubmit(e)} className="mt-4 space-y-4" aria-busy={change.isPending}>
        <TextField
          label={MESSAGES.next}
          type="email"
          name="new_email"
          autoComplete="email"
          value={next}
          onChange={(event) => {
            setNext(event.target.value)
            setProblems((p) => ({ ...p, next: undefined }))
          }}
          error={problems.next}
        />
        <TextField
          label={MESSAGES.password}
          type="password"
          name="current_password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => {
            setPassword(event.target.value)
            setProblems((p) => ({ ...p, password: undefined }))
          }}
          error={problems.password}
        />
        <Button type="submit" disabled={change.isPending || next === '' || password === ''}>
          <Mail aria-hidden="true" />
          {change.isPending ? MESSAGES.saving : MESSAGES.save}
        </Button>
      </form>
    </section>
  )
}
