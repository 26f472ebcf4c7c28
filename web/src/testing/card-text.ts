import * as wasm from '@/lib/core-worker/pkg/jobtap_wasm.js'
import type { CardText, Job } from '@/features/feed/api/types'
import { instantiateCoreWasm } from './core-sync-wasm'

/**
 * A job's card lines as the server sends them (`api/src/feed`, core `card::card_text`), for
 * test stand-ins of the API: the same core rules, through the real wasm.
 */
export function cardText(job: Omit<Job, 'card'>): CardText {
  instantiateCoreWasm()
  return {
    salary: wasm.formatSalaryRange(job.salary_min, job.salary_max),
    posted: wasm.formatPosted(job.posted_at),
    descriptionPreview: wasm.descriptionPreview(job.job_description),
    requirements: wasm.collapseRequirements(job.requirements),
    benefits: wasm.benefitTags(job.benefits),
    role: wasm.roleStyle(job.job_title),
  }
}
