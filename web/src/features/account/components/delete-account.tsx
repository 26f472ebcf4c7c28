import { Trash2 } from 'lucide-react'
import { useId, useState, type FormEvent } from 'react'
import { useNavigate } from 'react-router'
import { Button } from '@/components/button'
import { Dialog } from '@/components/dialog'
import { TextField } from '@/components/form-field'
import { paths } from '@/config/paths'
import { ApiError } from '@/lib/api-client'
import { sessionStore } from '@/lib/session'
import { toast } from '@/lib/toast'
import { deleteAccount } from '../api/delete-account'

/** Not in the spec: what the section and its dialog say. */
const MESSAGES = {
  heading: 'Delete my account',
  what:
    'Deletes your profile, documents, applications, share links, alerts and notifications, and signs you out on every device. Employers no longer see your applications. It cannot be undone.',
  password: 'Your password',
  confirm: 'Delete my account',
  deleted: 'Your account was deleted',
  // What the server really does (api/src/accounts/delete.rs): the security log keeps its rows
  // with a pseudonym, so "everything" would say more than happened.
  deletedDetail:
    'Your profile and what you stored are gone. Our security log keeps what happened, without your name or e-mail address.',
  failed: 'Your account was not deleted',
} as const

/** The settings page's last section: deleting the account, after asking for the password again. */
export function DeleteAccountSection() {
  const [open, setOpen] = useState(false)
  const [password, setPassword] = useState('')
  const [problem, setProblem] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const navigate = useNavigate()
  const formId = useId()

  function close() {
    setOpen(false)
    setPassword('')
    setProblem(null)
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (busy) return
    setBusy(true)
    try {
      await deleteAccount(password)
      await navigate(paths.home)
      sessionStore.clear()
      toast.success(MESSAGES.deleted, { description: MESSAGES.deletedDetail })
    } catch (error) {
      console.error(error)
      const wrong = error instanceof ApiError ? error.fields.password?.[0] : undefined
      if (wrong !== undefined) setProblem(wrong)
      else toast.error(MESSAGES.failed, { description: error instanceof ApiError ? error.message : undefined })
    } finally {
      setBusy(false)
    }
  }

  return (
    <section aria-labelledby={`${formId}-heading`} className="mt-10 rounded-2xl border border-red-200 bg-white p-5">
      <h2 id={`${formId}-heading`} className="text-lg font-semibold text-slate-900">
        {MESSAGES.heading}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{MESSAGES.what}</p>
      <Button variant="outline" className="mt-4 text-red-700" onClick={() => setOpen(true)}>
        <Trash2 aria-hidden="true" />
        {MESSAGES.heading}
      </Button>
      <Dialog
        open={open}
        onClose={close}
        title={MESSAGES.heading}
        description={MESSAGES.what}
        actions={
          <Button type="submit" form={formId} disabled={busy || password === ''}>
            <Trash2 aria-hidden="true" />
            {busy ? 'Deleting…' : MESSAGES.confirm}
          </Button>
        }
      >
        <form id={formId} noValidate onSubmit={(e) => void onSubmit(e)}>
          <TextField
            label={MESSAGES.password}
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => {
              setPassword(event.target.value)
              setProblem(null)
            }}
            aria-invalid={problem !== null || undefined}
            hint={problem ?? undefined}
          />
        </form>
      </Dialog>
    </section>
  )
}
