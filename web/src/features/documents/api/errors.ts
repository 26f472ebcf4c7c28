import { ApiError } from '@/lib/api-client'

/** A failure's reason for a toast's description: the server's (or the client's) message, when there is one. */
export function failureReason(error: unknown): string | undefined {
  if (error instanceof ApiError) return error.message
  return undefined
}
