import { Briefcase, Calendar, Copy, DollarSign, ExternalLink, Gauge, MapPin, MessageCircle, Wand2, ZoomIn } from 'lucide-react'
import { useAppDialogOpener } from '@/lib/app-dialogs'
import { useOffline } from '@/lib/offline/network-status'
import { useId, useState } from 'react'
import { cn } from '@/lib/cn'
import { EmployerBadges } from '@/components/employer-badges'
import type { Job } from '../api/types'
import { SAMPLE_JOB_PREFIX } from '@/generated/catalogue'
import { MESSAGES } from '../messages'
import { copyJobLink } from '../copy-job-link'
import { jobShareText, jobUrl, linkedInUrl, whatsAppShareUrl } from '../share'
import { DescriptionDialog } from './description-dialog'
import { FitDialog } from './fit-dialog'
import { JobLogo } from './job-logo'

const iconButton =
  'inline-flex size-8 sm:size-9 shrink-0 items-center justify-center rounded-full text-slate-600 transition hover:bg-slate-100 hover:text-brand-700 ' +
  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 [&_svg]:size-4'

/**
 * One job (spec, candidate §2 "Job card"): 600 px high, logo or role icon,
 * every field, the first two requirements and four benefits, a magnifier for
 * the whole description, "Apply on LinkedIn" when there is a LinkedIn link,
 * share buttons, and the candidate's fit on request.
 *
 * In the feed the card keeps the spec's 600 px and its middle scrolls when a job says more than
 * fits. The swipe card shares a finger on that middle (`data-card-scroller`, see swipe-card.tsx):
 * sideways swipes are the card's, vertical panning the browser's, except a finger moving down while
 * the middle is at its top, which swipes the card down (copy the link). On the job's
 * own page (`fit="page"`) the card is as tall as the job: nothing is cut off, and a short job
 * leaves no empty half.
 */
export function JobCard({
  job,
  headingLevel = 'h2',
  fit = 'feed',
}: {
  job: Job
  headingLevel?: 'h1' | 'h2'
  fit?: 'feed' | 'page'
}) {
  const titleId = useId()
  const [descriptionOpen, setDescriptionOpen] = useState(false)
  const [fitOpen, setFitOpen] = useState(false)
  const openAppDialog = useAppDialogOpener()
  // Tailoring reads the job on the server.
  const offline = useOffline()
  const Heading = headingLevel
  // Every line below comes formatted by the core on the server: the card paints before the
  // browser's own copy of the core has loaded.
  const { requirements, benefits } = job.card
  const linkedIn = linkedInUrl(job.linkedin_url)
  const shareText = jobShareText(job, jobUrl(window.location.origin, job.id))

  return (
    <article
      aria-labelledby={titleId}
      data-job-id={job.id}
      className={cn(
        'flex w-full flex-col overflow-hidden rounded-3xl border border-slate-200 bg-white shadow-xl shadow-brand-900/5',
        fit === 'feed' && 'h-(--feed-card-height,600px)',
      )}
    >
      <div className="flex items-start gap-3 bg-linear-to-br from-brand-50 to-white p-4 sm:gap-4 sm:p-5">
        <JobLogo logo={job.company_logo} role={job.card.role} company={job.company_name} />
        <div className="min-w-0 flex-1">
          <Heading id={titleId} className="text-xl leading-tight font-bold break-words text-slate-900">
            {job.job_title}
          </Heading>
          <p className="mt-1 truncate font-medium text-slate-600">{job.company_name}</p>
          <EmployerBadges checks={job.employer_checks} className="mt-1.5" />
          {job.applied && (
            <p className="mt-1.5 inline-flex rounded-full bg-emerald-100 px-2.5 py-0.5 text-xs font-semibold text-emerald-800">
              Applied
            </p>
          )}
          {job.id.startsWith(SAMPLE_JOB_PREFIX) && (
            <p
              className="mt-1.5 inline-flex rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-900"
              title={MESSAGES.sampleJobDescription}
            >
              {MESSAGES.sampleJob}
            </p>
          )}
        </div>
      </div>

      <div
        data-testid="job-card-body"
        data-card-scroller={fit === 'feed' ? '' : undefined}
        className={cn(
          'flex min-h-0 flex-1 flex-col gap-3 px-4 pt-3 pb-3 sm:gap-4 sm:px-5 sm:pt-4',
          fit === 'feed' && 'touch-pan-y overflow-y-auto overscroll-contain',
        )}
      >
        <ul className="grid grid-cols-1 gap-x-4 gap-y-1.5 text-sm text-slate-700 min-[400px]:grid-cols-2">
          <li className="flex min-w-0 items-center gap-2">
            <MapPin aria-hidden="true" className="size-4 shrink-0 text-brand-600" />
            <span className="truncate">{job.location}</span>
          </li>
          <li className="flex min-w-0 items-center gap-2">
            <DollarSign aria-hidden="true" className="size-4 shrink-0 text-brand-600" />
            <span className="truncate">{job.card.salary}</span>
          </li>
          <li className="flex min-w-0 items-center gap-2">
            <Briefcase aria-hidden="true" className="size-4 shrink-0 text-brand-600" />
            <span className="truncate">{job.job_type}</span>
          </li>
          <li className="flex min-w-0 items-center gap-2">
            <Calendar aria-hidden="true" className="size-4 shrink-0 text-brand-600" />
            <span className="truncate">{job.card.posted}</span>
          </li>
        </ul>

        <section aria-label="Description">
          <div className="flex items-start gap-2">
            <p className="line-clamp-4 min-w-0 flex-1 text-sm leading-relaxed text-slate-700">
              {job.card.descriptionPreview}
            </p>
            <button
              type="button"
              className={iconButton}
              aria-label="View full description"
              title="View full description"
              onClick={() => setDescriptionOpen(true)}
            >
              <ZoomIn aria-hidden="true" />
            </button>
          </div>
        </section>

        {requirements.shown.length > 0 && (
          <section aria-labelledby={`${titleId}-req`}>
            <h3 id={`${titleId}-req`} className="text-xs font-semibold tracking-wide text-slate-500 uppercase">
              Requirements
            </h3>
            <ul className="mt-1.5 list-disc space-y-1 pl-5 text-sm text-slate-700">
              {requirements.shown.map((requirement, i) => (
                <li key={i}>
                  {/* Clamped inside: a clamped list item would lose its bullet. */}
                  <span className="line-clamp-2">{requirement}</span>
                </li>
              ))}
            </ul>
            {requirements.moreNote && <p className="mt-1 text-xs text-slate-500">{requirements.moreNote}</p>}
          </section>
        )}

        {benefits.shown.length > 0 && (
          <section aria-labelledby={`${titleId}-ben`}>
            <h3 id={`${titleId}-ben`} className="text-xs font-semibold tracking-wide text-slate-500 uppercase">
              Benefits
            </h3>
            <ul className="mt-1.5 flex flex-wrap gap-1.5">
              {benefits.shown.map((benefit, i) => (
                <li key={i} className="max-w-full truncate rounded-full bg-brand-50 px-2.5 py-1 text-xs font-medium text-brand-700">
                  {benefit}
                </li>
              ))}
              {benefits.moreNote && (
                <li className="rounded-full bg-slate-100 px-2.5 py-1 text-xs font-medium text-slate-600">{benefits.moreNote}</li>
              )}
            </ul>
          </section>
        )}
      </div>

      <div className="flex flex-wrap items-center gap-1 border-t border-slate-100 px-3 py-2.5 sm:gap-2 sm:px-5 sm:py-3">
        {linkedIn && (
          <a
            href={linkedIn}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex items-center gap-1.5 rounded-full px-2 py-1 text-sm font-semibold text-[#0a66c2] hover:underline focus-visible:outline-2 focus-visible:outline-brand-600"
          >
            <ExternalLink aria-hidden="true" className="size-4" />
            {MESSAGES.applyOnLinkedIn}
          </a>
        )}
        <div className="ml-auto flex items-center sm:gap-1">
          <button type="button" className={iconButton} aria-label="Check my fit" title="Check my fit" onClick={() => setFitOpen(true)}>
            <Gauge aria-hidden="true" />
          </button>
          {/* The job's own page has this as a button of its own under the card. */}
          {fit === 'feed' && !job.id.startsWith(SAMPLE_JOB_PREFIX) && (
            <button
              type="button"
              className={cn(iconButton, 'disabled:opacity-40')}
              aria-label="Tailor my resume for this job"
              title="Tailor my resume for this job"
              onClick={() => openAppDialog('resume-upgrade', { id: job.id, title: job.job_title })}
              disabled={offline}
            >
              <Wand2 aria-hidden="true" />
            </button>
          )}
          <a
            href={whatsAppShareUrl(shareText)}
            target="_blank"
            rel="noopener noreferrer"
            className={iconButton}
            aria-label="Share on WhatsApp"
            title="Share on WhatsApp"
          >
            <MessageCircle aria-hidden="true" />
          </a>
          <button
            type="button"
            className={iconButton}
            aria-label="Copy job link with title"
            title="Copy job link with title"
            onClick={() => void copyJobLink(job)}
          >
            <Copy aria-hidden="true" />
          </button>
        </div>
      </div>

      <DescriptionDialog job={job} open={descriptionOpen} onClose={() => setDescriptionOpen(false)} />
      <FitDialog job={job} open={fitOpen} onClose={() => setFitOpen(false)} />
    </article>
  )
}
