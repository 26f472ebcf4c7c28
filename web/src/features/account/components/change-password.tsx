import { KeyRound } from 'lucide-react'
import { useId, useState, type FormEvent } from 'react'
import { Button } from '@/components/button'
import { TextField } from '@/components/form-field'
import { NEW_PASSWORD_HINT } from '@/generated/catalogue'
import { ApiError } from '@/lib/api-client'
import { useSession } from '@/lib/session'
import { toast } from '@/lib/toast'
import { useChangePassword } from '../api/change-password'

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

type Problems = { current?: string; next?: string }

/** The settings page's "Change password": the current password is asked again. */
export function ChangePasswordSection() {
  const { user } = useSession()
  const change = useChangePassword()
  const [current, setCurrent] = useState('')
  const [next, setNext] = useState('')
  const [problems, setProblems] = useState<Problems>({})
  const headingId = useId()

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (change.isPending) return
    setProblems({})
    try {
      await change.mutateAsync({ currentPassword: current, newPassword: next })
      setCurrent('')
      setNext('')
      toast.success(MESSAGES.changed, { description: MESSAGES.changedDetail })
    } catch (error) {
      const found: Problems =
        error instanceof ApiError
          ? { current: error.firstFieldMessage('current_password'), next: error.firstFieldMessage('new_password') }
          : {}
      if (found.current !== undefined || found.next !== undefined) setProblems(found)
      else toast.error(MESSAGES.failed, { description: error instanceof ApiError ? error.message : undefined })
    }
  }

  return (
    <section aria-labelledby={headingId} className="mt-10 rounded-2xl border border-slate-200 bg-white p-5">
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        {MESSAGES.heading}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{MESSAGES.what}</p>
      <form noValidate onSubmit={(e) => void onSubmit(e)} className="mt-4 space-y-4" aria-busy={change.isPending}>
        {/* Tells a password manager whose password this is, so it updates the right entry. */}
        <input type="email" name="username" autoComplete="username" value={user?.email ?? ''} readOnly hidden />
        <TextField
          label={MESSAGES.current}
          type="password"
          name="current_password"
          autoComplete="current-password"
          value={current}
          onChange={(event) => {
            setCurrent(event.target.value)
            setProblems((p) => ({ ...p, current: undefined }))
          }}
          error={problems.current}
        />
        <TextField
          label={MESSAGES.next}
          type="password"
          name="new_password"
          autoComplete="new-password"
          value={next}
          onChange={(event) => {
            setNext(event.target.value)
            setProblems((p) => ({ ...p, next: undefined }))
          }}
          hint={NEW_PASSWORD_HINT}
          error={problems.next}
        />
        <Button type="submit" disabled={change.isPending || current === '' || next === ''}>
          <KeyRound aria-hidden="true" />
          {change.isPending ? MESSAGES.saving : MESSAGES.save}
        </Button>
      </form>
    </section>
  )
}
