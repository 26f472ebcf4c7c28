import { Plus, X } from 'lucide-react'
import { useId, useState, type FormEvent } from 'react'
import { toast } from '@/lib/toast'
import { Button } from '@/components/button'
import { Dialog } from '@/components/dialog'
import { TextField, inputClasses } from '@/components/form-field'
import { ApiError } from '@/lib/api-client'
import {
  INTERVIEW_DEFAULT_DURATION_MINUTES,
  INTERVIEW_DURATIONS_MINUTES,
  INTERVIEW_LOCATION_MAX_CHARS,
  INTERVIEW_MAX_SLOTS,
  MSG_INTERVIEW_LOCATION_BLANK,
  MSG_INTERVIEW_NO_SLOTS,
} from '@/generated/catalogue'
import { useProposeInterview, type Interview } from '../api'
import { INTERVIEW_MESSAGES } from '../messages'
import { browserTimeZone, timeZoneOptions } from '../time-zones'

/** The application the times are for. */
export type InterviewTarget = { id: string; candidate_name: string; job_title: string; interview: Interview | null }

/** Proposing interview times (or new ones): up to three, in a time zone, with a place or link. */
export function ProposeDialog({ target, onClose }: { target: InterviewTarget | null; onClose: () => void }) {
  if (target === null) return null
  return <ProposeForm key={target.id} target={target} onClose={onClose} />
}

type Errors = Partial<Record<'slots' | 'time_zone' | 'duration_minutes' | 'location', string>>

function ProposeForm({ target, onClose }: { target: InterviewTarget; onClose: () => void }) {
  const id = useId()
  const propose = useProposeInterview()
  const last = target.interview
  const [zone, setZone] = useState(last?.time_zone ?? browserTimeZone())
  const [slots, setSlots] = useState<string[]>(() => {
    const earlier = last?.slots.filter((s) => !s.passed).map((s) => s.wall_clock) ?? []
    return earlier.length > 0 ? earlier : ['']
  })
  const [duration, setDuration] = useState(last?.duration_minutes ?? INTERVIEW_DEFAULT_DURATION_MINUTES)
  const [location, setLocation] = useState(last?.location ?? '')
  const [errors, setErrors] = useState<Errors>({})

  async function submit() {
    const times = slots.map((s) => s.trim()).filter((s) => s !== '')
    const found: Errors = {}
    if (times.length === 0) found.slots = MSG_INTERVIEW_NO_SLOTS
    if (location.trim() === '') found.location = MSG_INTERVIEW_LOCATION_BLANK
    setErrors(found)
    if (Object.keys(found).length > 0) return
    try {
      const reply = await propose.mutateAsync({
        id: target.id,
        proposal: { time_zone: zone, slots: times, duration_minutes: duration, location: location.trim() },
      })
      toast.success(reply.message)
      onClose()
    } catch (error) {
      console.error(error)
      if (error instanceof ApiError && error.status === 422) {
        setErrors(Object.fromEntries(Object.entries(error.fields).map(([field, messages]) => [field, messages[0]])))
        return
      }
      toast.error(INTERVIEW_MESSAGES.proposeFailed, { description: error instanceof ApiError ? error.message : undefined })
    }
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (!propose.isPending) void submit()
  }

  const again = last !== null && last.status !== 'cancelled'
  return (
    <Dialog
      open
      onClose={onClose}
      title={again ? 'New interview times' : 'Propose interview times'}
      description={`${target.candidate_name} picks one of them for the ${target.job_title} interview.`}
      actions={
        <Button type="submit" form={`${id}-form`} disabled={propose.isPending}>
          {propose.isPending ? 'Sending…' : 'Send times'}
        </Button>
      }
    >
      <form id={`${id}-form`} noValidate onSubmit={onSubmit} className="space-y-4">
        <fieldset>
          <legend className="mb-1.5 block text-sm font-medium text-slate-800">Times (up to {INTERVIEW_MAX_SLOTS})</legend>
          <div className="space-y-2">
            {slots.map((slot, index) => (
              <div key={index} className="flex items-center gap-2">
                <input
                  type="datetime-local"
                  aria-label={`Time ${index + 1}`}
                  value={slot}
                  onChange={(e) => setSlots(slots.map((s, i) => (i === index ? e.target.value : s)))}
                  className={inputClasses}
                />
                {slots.length > 1 && (
                  <Button
                    type="button"
                    variant="ghost"
                    size="sm"
                    aria-label={`Remove time ${index + 1}`}
                    onClick={() => setSlots(slots.filter((_, i) => i !== index))}
                  >
                    <X aria-hidden="true" />
                  </Button>
                )}
              </div>
            ))}
          </div>
          {slots.length < INTERVIEW_MAX_SLOTS && (
            <Button type="button" variant="outline" size="sm" className="mt-2" onClick={() => setSlots([...slots, ''])}>
              <Plus aria-hidden="true" />
              Add another time
            </Button>
          )}
          {errors.slots && (
            <p role="alert" className="mt-1.5 text-sm text-red-700">
              {errors.slots}
            </p>
          )}
        </fieldset>
        <label className="block">
          <span className="mb-1.5 block text-sm font-medium text-slate-800">Time zone</span>
          <select value={zone} onChange={(e) => setZone(e.target.value)} className={inputClasses}>
            {timeZoneOptions(zone).map((z) => (
              <option key={z} value={z}>
                {z.replaceAll('_', ' ')}
              </option>
            ))}
          </select>
          {errors.time_zone && (
            <span role="alert" className="mt-1.5 block text-sm text-red-700">
              {errors.time_zone}
            </span>
          )}
        </label>
        <label className="block">
          <span className="mb-1.5 block text-sm font-medium text-slate-800">Length</span>
          <select value={duration} onChange={(e) => setDuration(Number(e.target.value))} className={inputClasses}>
            {INTERVIEW_DURATIONS_MINUTES.map((minutes) => (
              <option key={minutes} value={minutes}>
                {minutes} minutes
              </option>
            ))}
          </select>
          {errors.duration_minutes && (
            <span role="alert" className="mt-1.5 block text-sm text-red-700">
              {errors.duration_minutes}
            </span>
          )}
        </label>
        <TextField
          label="Place or video link"
          hint={errors.location ? <span className="text-red-700">{errors.location}</span> : 'An address, a room, or a link such as https://meet.example.com/abc'}
          value={location}
          maxLength={INTERVIEW_LOCATION_MAX_CHARS}
          onChange={(e) => setLocation(e.target.value)}
        />
      </form>
    </Dialog>
  )
}
