import { MailCheck } from 'lucide-react'
import { useState, type FormEvent } from 'react'
import { Link, useSearchParams } from 'react-router'
import { Button } from '@/components/button'
import { TextField } from '@/components/form-field'
import { Spinner } from '@/components/spinner'
import { paths } from '@/config/paths'
import { ApiError } from '@/lib/api-client'
import { toast } from '@/lib/toast'
import { useHydrated } from '@/lib/use-hydrated'
import { useAskResetLink } from '../api/ask-reset-link'
import { PasswordLayout } from './password-layout'

/** Not in the spec: what the page says. The answer itself is the server's. */
const MESSAGES = {
  title: 'Forgot your password?',
  description: 'Enter the e-mail address you sign in with, and we will e-mail it a link to set a new password.',
  send: 'Send me a link',
  sending: 'Sending the link',
  nothingYet: 'Nothing after a few minutes? Look in your spam folder, or send another link.',
  again: 'Send another link',
  back: 'Back to sign in',
  failed: 'The link was not sent',
} as const

/** `/forgot-password`: asks for a link that sets a new password; the answer never says who is registered. */
export function ForgotPasswordPage() {
  const [searchParams] = useSearchParams()
  const signIn = searchParams.get('portal') === 'employer' ? paths.employerAuth : paths.auth
  const ask = useAskResetLink()
  const hydrated = useHydrated()
  const [sent, setSent] = useState<string | null>(null)
  const [problem, setProblem] = useState<string | undefined>(undefined)

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (ask.isPending) return
    const email = new FormData(event.currentTarget).get('email')
    setProblem(undefined)
    try {
      const answer = await ask.mutateAsync(typeof email === 'string' ? email : '')
      setSent(answer.message)
    } catch (error) {
      const field = error instanceof ApiError ? error.firstFieldMessage('email') : undefined
      if (field !== undefined) setProblem(field)
      else toast.error(MESSAGES.failed, { description: error instanceof ApiError ? error.message : undefined })
    }
  }

  return (
    <PasswordLayout title={MESSAGES.title} description={MESSAGES.description}>
      {sent === null ? (
        <form noValidate method="post" onSubmit={(e) => void onSubmit(e)} className="space-y-4" aria-busy={ask.isPending}>
          <TextField label="Email" type="email" name="email" autoComplete="email" error={problem} />
          <Button type="submit" size="lg" className="w-full" disabled={ask.isPending || !hydrated}>
            {ask.isPending && <Spinner label={MESSAGES.sending} className="text-white" />}
            {MESSAGES.send}
          </Button>
        </form>
      ) : (
        <div role="status" className="space-y-4">
          <p className="flex gap-3 rounded-2xl bg-brand-50 p-4 text-slate-800">
            <MailCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-600" />
            <span>{sent}</span>
          </p>
          <p className="text-sm text-slate-600">{MESSAGES.nothingYet}</p>
          <Button variant="outline" className="w-full" onClick={() => setSent(null)}>
            {MESSAGES.again}
          </Button>
        </div>
      )}
      <p className="mt-5 text-center text-sm">
        <Link to={signIn} className="inline-block rounded py-2 font-semibold text-brand-700 hover:underline">
          {MESSAGES.back}
        </Link>
      </p>
    </PasswordLayout>
  )
}
