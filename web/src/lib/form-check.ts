import { ApiError } from '@/lib/api-client'
import type { FormCheck } from '@/lib/core-worker'

/** Form input refused by the core's rules; its message is the one the spec toasts. */
export class FormValidationError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'FormValidationError'
  }
}

/**
 * Runs a core form check and throws `FormValidationError` with its first
 * message when it fails. If the core worker itself is unavailable, the check
 * is skipped (and logged): the server applies the same rules anyway.
 */
export async function assertValid(check: () => Promise<FormCheck>): Promise<void> {
  let result: FormCheck
  try {
    result = await check()
  } catch (error) {
    console.error('The form check could not run; the server will check the input.', error)
    return
  }
  if (!result.ok) throw new FormValidationError(result.errors[0]?.message ?? 'Please check the form')
}

/** What a failed form submission toasts: the validation or server message, else `fallback`. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof FormValidationError || error instanceof ApiError) return error.message
  return fallback
}
