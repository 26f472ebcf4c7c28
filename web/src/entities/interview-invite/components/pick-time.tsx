import { toast } from '@/lib/toast'
import { Button } from '@/components/button'
import { ApiError } from '@/lib/api-client'
import { usePickInterviewTime, type Interview } from '../api'
import { INTERVIEW_MESSAGES } from '../messages'

/** The candidate's choice among the proposed times: one tap books it. */
export function PickTime({
  applicationId,
  interview,
  disabled = false,
}: {
  applicationId: string
  interview: Interview
  /** Offline: the times are shown, not pickable. */
  disabled?: boolean
}) {
  const pick = usePickInterviewTime()
  if (interview.status !== 'proposed') return null

  async function choose(position: number) {
    try {
      const reply = await pick.mutateAsync({ id: applicationId, position })
      toast.success(reply.message)
    } catch (error) {
      console.error(error)
      toast.error(INTERVIEW_MESSAGES.pickFailed, { description: error instanceof ApiError ? error.message : undefined })
    }
  }

  return (
    <div className="mt-2">
      <p className="font-medium text-slate-900">Pick the time that suits you:</p>
      <ul className="mt-2 flex flex-col gap-2">
        {interview.slots.map((slot) => (
          <li key={slot.position}>
            {/* A time with its date and zone is longer than a phone is wide: it wraps inside the button. */}
            <Button
              variant="outline"
              size="sm"
              className="h-auto! min-h-9 w-full justify-start rounded-xl! py-2 text-left whitespace-normal! wrap-anywhere sm:w-auto"
              disabled={disabled || slot.passed || pick.isPending}
              aria-label={`Book ${slot.label}`}
              onClick={() => void choose(slot.position)}
            >
              {slot.label}
              {slot.passed ? ' (passed)' : ''}
            </Button>
          </li>
        ))}
      </ul>
    </div>
  )
}
