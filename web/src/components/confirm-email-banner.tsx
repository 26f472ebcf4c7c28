import { MailCheck } from 'lucide-react'
import { useState } from 'react'
import { CONFIRM_MESSAGES, sendLinkAgain } from '@/lib/email-confirmation'
import { useSession } from '@/lib/session'

/**
 * A quiet line above the feed and the employer dashboard while the account's address is not
 * confirmed: applying and publishing wait for the link. Nothing shows once it is confirmed.
 */
export function ConfirmEmailBanner() {
  const { user } = useSession()
  const [sending, setSending] = useState(false)
  if (user === null || user.emailConfirmed) return null
  return (
    <div
      role="status"
      className="mx-auto flex w-full max-w-3xl flex-wrap items-center gap-x-3 gap-y-1 rounded-xl border border-amber-200 bg-amber-50 px-4 py-2 text-sm text-amber-900"
    >
      <MailCheck aria-hidden className="size-4 shrink-0" />
      <span className="min-w-0 flex-1 break-words">
        Confirm your e-mail address: we sent a link to <strong className="font-semibold">{user.email}</strong>.
      </span>
      <button
        type="button"
        disabled={sending}
        onClick={() => {
          setSending(true)
          void sendLinkAgain().finally(() => setSending(false))
        }}
        className="min-h-11 font-semibold text-violet-700 underline underline-offset-2 disabled:opacity-60"
      >
        {CONFIRM_MESSAGES.sendAgain}
      </button>
    </div>
  )
}
