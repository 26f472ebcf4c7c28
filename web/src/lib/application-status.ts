// An application's status as the API sends it on every application (the server reads it
// through core's `application_status`): the stored value, its badge text and its tab. The
// browser shows these; it keeps no list of statuses of its own.

import type { Schema } from '@/lib/api-schema'

/** The tab an application counts under besides All (null for a state the server does not know). */
export type StatusBucket = Schema<'StatusBucket'>

/** The status fields of an application, a decision's answer included. */
export type ApplicationStatusFields = {
  /** As stored: `applied`, `under_review`, `accepted`, … */
  status: string
  /** The badge text, the same on the candidate's and the employer's screens. */
  status_label: string
  status_bucket: StatusBucket | null
}
