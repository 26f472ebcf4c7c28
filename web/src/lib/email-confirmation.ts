// Confirming the e-mail address (api/src/auth/confirm_routes.rs): sending the link again, and the
// refusal of applying or publishing before it is followed, which offers to send it again.
import { ApiError, apiFetch } from '@/lib/api-client'
import type { Schema } from '@/lib/api-schema'
import { toast } from '@/lib/toast'

/** Not in the spec: what the app says around the server's messages. */
export const CONFIRM_MESSAGES = {
  sendAgain: 'Send the link again',
  notSent: 'The link was not sent',
} as const

/** POST /auth/confirm-email/resend (202): a new link to the account's address. */
export async function resendConfirmation(): Promise<Schema<'SentReply'>> {
  return apiFetch<Schema<'SentReply'>>('/auth/confirm-email/resend', { method: 'POST' })
}

/** Sends the link again and says how it went in a toast (the server's words, a 429's wait too). */
export async function sendLinkAgain(): Promise<boolean> {
  try {
    const reply = await resendConfirmation()
    toast.success(reply.message)
    return true
  } catch (error) {
    toast.error(CONFIRM_MESSAGES.notSent, { description: error instanceof ApiError ? error.message : undefined })
    return false
  }
}

/** Whether `error` is the refusal of an account whose address is not confirmed yet. */
export function isUnconfirmedRefusal(error: unknown): error is ApiError {
  return error instanceof ApiError && error.kind === 'email_unconfirmed'
}

/**
 * Shows the refusal of an unconfirmed account (the server's reason) with "Send the link again";
 * false for any other error, which the caller shows its own way.
 */
export function toastUnconfirmed(error: unknown): boolean {
  if (!isUnconfirmedRefusal(error)) return false
  toast.error(error.message, {
    action: { label: CONFIRM_MESSAGES.sendAgain, onClick: () => void sendLinkAgain() },
  })
  return true
}
