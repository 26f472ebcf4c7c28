import { CalendarCheck, CalendarArrowDown, MapPin, Video } from 'lucide-react'
import { useState, type ReactNode } from 'react'
import { Button } from '@/components/button'
import { toast } from '@/lib/toast'
import { saveBlob } from '@/lib/save-blob'
import { ApiError } from '@/lib/api-client'
import { downloadInterviewEvent, type Interview } from '../api'
import { INTERVIEW_MESSAGES } from '../messages'

/** Where and when: the state in words, the booked time or the proposed ones, the place or link. */
export function InterviewSummary({
  applicationId,
  interview,
  side,
  children,
}: {
  applicationId: string
  interview: Interview
  side: 'employer' | 'candidate'
  /** The side's own actions (pick a time, new times, cancel). */
  children?: ReactNode
}) {
  const cancelled = interview.status === 'cancelled'
  return (
    <section aria-label="Interview" className="mt-4 rounded-xl bg-violet-50/70 px-4 py-3 text-sm text-slate-700">
      <h4 className="flex items-center gap-1.5 font-semibold text-slate-900">
        <CalendarCheck aria-hidden="true" className="size-4 text-violet-700" />
        {interview.status_label}
      </h4>
      {interview.booked && !cancelled && <p className="mt-1 font-medium text-slate-900">{interview.booked.label}</p>}
      {interview.status === 'proposed' && side === 'employer' && (
        <ul className="mt-1 list-inside list-disc">
          {interview.slots.map((slot) => (
            <li key={slot.position}>{slot.label}</li>
          ))}
        </ul>
      )}
      {!cancelled && (
        <p className="mt-1 flex items-start gap-1.5">
          {interview.location_is_link ? (
            <>
              <Video aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-violet-700" />
              <a href={interview.location} target="_blank" rel="noopener noreferrer" className="break-all text-brand-700 underline">
                {interview.location}
              </a>
            </>
          ) : (
            <>
              <MapPin aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-violet-700" />
              <span>{interview.location}</span>
            </>
          )}
        </p>
      )}
      {children}
      {interview.has_calendar_event && <EventDownload applicationId={applicationId} side={side} cancelled={cancelled} />}
    </section>
  )
}

function EventDownload({
  applicationId,
  side,
  cancelled,
}: {
  applicationId: string
  side: 'employer' | 'candidate'
  cancelled: boolean
}) {
  const [busy, setBusy] = useState(false)
  async function download() {
    setBusy(true)
    try {
      saveBlob(await downloadInterviewEvent(applicationId, side), 'interview.ics')
      toast.success(INTERVIEW_MESSAGES.eventDownloaded)
    } catch (error) {
      console.error(error)
      toast.error(INTERVIEW_MESSAGES.eventFailed, { description: error instanceof ApiError ? error.message : undefined })
    } finally {
      setBusy(false)
    }
  }
  return (
    <Button variant="outline" size="sm" className="mt-2" disabled={busy} onClick={() => void download()}>
      <CalendarArrowDown aria-hidden="true" />
      {cancelled ? 'Cancellation for your calendar (.ics)' : 'Add to calendar (.ics)'}
    </Button>
  )
}
