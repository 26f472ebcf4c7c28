// The shapes the feed routes answer with (api/src/feed, api/src/applications), as the API's
// generated types give them.
import type { Schema } from '@/lib/api-schema'

/** A job's card lines as the core formats them (core `card::CardText`), sent with each job. */
export type CardText = Schema<'CardText'>

/** A live job as GET /jobs and GET /jobs/{id} send it (spec, candidate §3 "jobs"). */
export type Job = Schema<'JobView'>

/** The candidate's fit for a job (core `score::FitScore`). */
export type FitScore = Schema<'FitScore'>

/** An application as POST /applications answers it. */
export type Application = Schema<'ApplicationView'>
