import { useQueryClient } from '@tanstack/react-query'
import { useCallback, useEffect, useRef, useState } from 'react'
import { profileQueryOptions } from '@/entities/profile'
import { toast } from '@/lib/toast'
import { ApiError } from '@/lib/api-client'
import { useOffline } from '@/lib/offline/network-status'
import { toastUnconfirmed } from '@/lib/email-confirmation'
import { applyFailure, useApplyToJob } from '../api/apply'
import type { LetterDraft } from '../api/application-draft'
import type { AttachmentChoice } from '../attachments'
import { generateApplication } from '../api/generate-application'
import type { Job } from '../api/types'
import { ALREADY_APPLIED_MS, LINKEDIN_DELAY_MS, MESSAGES } from '../messages'
import { letterWithDocuments, linkedInUrl, mailtoHref } from '../share'
import { createShareLink, documentsQueryOptions } from '@/entities/documents'
import { SAMPLE_JOB_PREFIX, SHARE_LINK_MAX_DAYS } from '@/generated/catalogue'

/** What covers the card while the flow waits (the spec's two overlays), and for which job. */
export type ApplyOverlay = { kind: 'alreadyApplied'; job: Job } | { kind: 'linkedIn'; job: Job; url: string } | null

/** Opens a mail link the way a click on one would, without leaving the page. */
function openMailLink(href: string) {
  const link = document.createElement('a')
  link.href = href
  link.click()
}

/**
 * The apply flow (spec, candidate §4 "Swipe feed"), shared by the feed and the job page.
 *
 * - Already applied: "Job Already Applied" for 1 s, then `onDone`.
 * - A sample (`mock-`) job: refused with the spec's toast.
 * - A job with a LinkedIn link: "Apply with LinkedIn", the link opens in a new tab after 1.5 s, then `onDone`.
 * - Otherwise "Choose Application Method", with the letter to edit or regenerate: by e-mail
 *   (when the job has an employer address) or with JobTap (the server checks the fit score
 *   and stores the application with the letter as the candidate left it). A letter the
 *   server refuses (blank, too long) brings the dialog back with the text kept.
 *
 * `onDone(job)` is where the feed moves to the next card; `announce(text)`, when given,
 * also reads each outcome out in the caller's live region.
 */
export function useApplyFlow(onDone: (job: Job) => void, announce?: (text: string) => void) {
  const [methodFor, setMethodFor] = useState<Job | null>(null)
  const [letter, setLetter] = useState<LetterDraft | null>(null)
  const [attachments, setAttachments] = useState<AttachmentChoice | null>(null)
  const [overlay, setOverlay] = useState<ApplyOverlay>(null)
  const [sendingEmail, setSendingEmail] = useState(false)
  const queryClient = useQueryClient()
  const apply = useApplyToJob()
  const offline = useOffline()
  const onDoneRef = useRef(onDone)
  const announceRef = useRef(announce)

  useEffect(() => {
    onDoneRef.current = onDone
    announceRef.current = announce
  }, [onDone, announce])

  // Each overlay holds for its time, then hands over; leaving the page cancels it.
  useEffect(() => {
    if (overlay === null) return
    const delay = overlay.kind === 'alreadyApplied' ? ALREADY_APPLIED_MS : LINKEDIN_DELAY_MS
    const timer = window.setTimeout(() => {
      if (overlay.kind === 'linkedIn') {
        // Without "noopener" so a blocked pop-up can be told apart (null); the opener is cut by hand.
        const opened = window.open(overlay.url, '_blank')
        if (opened) {
          opened.opener = null
        } else {
          toast(MESSAGES.applyWithLinkedIn, {
            id: 'linkedin-open',
            action: { label: 'Open LinkedIn', onClick: () => window.open(overlay.url, '_blank', 'noopener,noreferrer') },
          })
        }
      }
      setOverlay(null)
      onDoneRef.current(overlay.job)
    }, delay)
    return () => window.clearTimeout(timer)
  }, [overlay])

  const busy = overlay !== null || apply.isPending || sendingEmail

  /** Starts applying to `job` (double tap, the apply button, Enter, Apply Now). */
  const start = useCallback(
    (job: Job) => {
      if (busy) return
      if (offline) {
        toast.error(MESSAGES.offlineApply, { id: 'offline-apply' })
        announceRef.current?.(MESSAGES.offlineApply)
        return
      }
      if (job.applied) {
        setOverlay({ kind: 'alreadyApplied', job })
        return
      }
      if (job.id.startsWith(SAMPLE_JOB_PREFIX)) {
        toast.error(MESSAGES.mockJob, { description: MESSAGES.sampleJobDescription })
        announceRef.current?.(MESSAGES.mockJob)
        return
      }
      const linkedIn = linkedInUrl(job.linkedin_url)
      if (linkedIn !== null) {
        setOverlay({ kind: 'linkedIn', job, url: linkedIn })
        return
      }
      setMethodFor(job)
    },
    [busy, offline],
  )

  /** "Apply with JobTap": the server scores and stores the application with the shown letter. */
  const applyWithJobTap = useCallback(
    async (job: Job) => {
      setMethodFor(null)
      const coverLetter = letter?.jobId === job.id ? letter.text : undefined
      const documentIds = attachments?.jobId === job.id ? attachments.ids : undefined
      try {
        await apply.mutateAsync({ jobId: job.id, coverLetter, documentIds })
        setLetter(null)
        setAttachments(null)
        toast.success(MESSAGES.applied)
        announceRef.current?.(MESSAGES.applied)
        onDoneRef.current(job)
      } catch (error) {
        console.error(error)
        // Not confirmed yet: the server's reason, with "Send the link again".
        if (toastUnconfirmed(error)) {
          announceRef.current?.(error instanceof Error ? error.message : '')
          return
        }
        const failure = applyFailure(error)
        toast.error(failure.message, { description: failure.description })
        announceRef.current?.(failure.message)
        if (failure.kind === 'gone') onDoneRef.current(job)
        // The letter or a document is what the server refused: back to the dialog, as it was.
        if (failure.kind === 'letter') setMethodFor(job)
      }
    },
    [apply, letter, attachments],
  )

  /**
   * "Apply via Email": the shown letter (or, without one, a new one) with a share link to each
   * ticked document, then the mail app with it. Nothing opens unless every link was made.
   */
  const applyViaEmail = useCallback(
    async (job: Job, address: string) => {
      setMethodFor(null)
      setSendingEmail(true)
      try {
        const mail =
          letter?.jobId === job.id
            ? { subject: letter.subject, coverLetter: letter.text }
            : await generateApplication(job, (await queryClient.fetchQuery(profileQueryOptions())).profile)
        const ids = attachments?.jobId === job.id ? attachments.ids : []
        const documents = ids.length > 0 ? await queryClient.fetchQuery(documentsQueryOptions()) : []
        const linked = await Promise.all(
          ids.map(async (id) => {
            const link = await createShareLink(id, SHARE_LINK_MAX_DAYS)
            const name = documents.find((d) => d.id === id)?.file_name ?? 'Document'
            return { name, url: new URL(link.path, window.location.origin).toString() }
          }),
        )
        const body = letterWithDocuments(mail.coverLetter, linked, SHARE_LINK_MAX_DAYS)
        toast.success(MESSAGES.openingEmail)
        announceRef.current?.(MESSAGES.openingEmail)
        openMailLink(mailtoHref(address, mail.subject, body))
        onDoneRef.current(job)
      } catch (error) {
        console.error(error)
        toast.error(MESSAGES.letterFailed, { description: error instanceof ApiError ? error.message : undefined })
        announceRef.current?.(MESSAGES.letterFailed)
      } finally {
        setSendingEmail(false)
      }
    },
    [letter, attachments, queryClient],
  )

  return {
    start,
    busy,
    /** Offline, applying is refused (read-only): the apply buttons show it disabled. */
    offline,
    applying: apply.isPending || sendingEmail,
    overlay,
    methodFor,
    /** The letter shown in the dialog, kept while the dialog is closed and reopened for the same job. */
    letter,
    setLetter,
    /** The documents ticked in the dialog, kept like the letter. */
    attachments,
    setAttachments,
    closeMethod: useCallback(() => setMethodFor(null), []),
    applyWithJobTap,
    applyViaEmail,
  }
}
