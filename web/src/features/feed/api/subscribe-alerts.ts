import { useMutation } from '@tanstack/react-query'
import { apiFetch } from '@/lib/api-client'
import type { components } from '@/generated/api'

/**
 * POST /job-alerts: "tell me when new jobs come" from the "No More Jobs Available Right Now" dialog,
 * for the feed's search (its query, '' for every new job). The address gets a confirmation e-mail
 * first; the answer is the same whatever it was before.
 */
export function subscribeToAlerts(body: components['schemas']['AlertBody']): Promise<components['schemas']['AlertReply']> {
  return apiFetch('/job-alerts', { method: 'POST', json: body })
}

export function useSubscribeToAlerts() {
  return useMutation({ mutationFn: subscribeToAlerts })
}
