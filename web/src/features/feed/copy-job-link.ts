import { toast } from '@/lib/toast'
import type { Job } from './api/types'
import { MESSAGES } from './messages'
import { copyText, jobShareText, jobUrl } from './share'

/** Copies "title at company - url" (the job's own page), says so and tells whether it worked. */
export async function copyJobLink(job: Job): Promise<boolean> {
  const copied = await copyText(jobShareText(job, jobUrl(window.location.origin, job.id)))
  if (copied) toast.success(MESSAGES.linkCopied)
  else toast.error(MESSAGES.copyFailed)
  return copied
}
