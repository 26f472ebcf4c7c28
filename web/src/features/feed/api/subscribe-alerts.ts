import { useMutation } from '@tanstack/react-query'
import { apiFetch } from '@/lib/api-client'

/** POST /job-alerts: "tell me when new jobs come" from the "No More Jobs Available Right Now" dialog. */
export function subscribeToAlerts(email: string): Promise<{ email: string; already_subscribed: boolean }> {
  return apiFetch('/job-alerts', { method: 'POST', json: { email } })
}

export function useSubscribeToAlerts() {
  return useMutation({ mutationFn: subscribeToAlerts })
}
