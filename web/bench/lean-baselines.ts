// What a competitor would really run for a CSV preview: the fastest JavaScript parsers in their
// lean configuration, on text the page already decoded, with only the header, required-field and
// job-type checks. Far less than the core does (no encoding detection, no binary refusal, no
// salary, number, length or hidden-character rules, no packed table), so a ratio against these is
// a floor for what the core's extra rules cost, not a like-for-like port (that is
// js-preview-import.ts).
import Papa from 'papaparse'
import { inferSchema, initParser } from 'udsv'

const REQUIRED = ['company_name', 'job_title', 'job_description', 'location', 'job_type'] as const
const JOB_TYPES = new Set(['full-time', 'part-time', 'contract', 'remote'])

/** How many rows passed and failed the lean checks. */
export type LeanCounts = { valid: number; invalid: number }

/** Where each required column sits in `header` (-1 when missing). */
function requiredIndexes(header: readonly string[]): number[] {
  const lower = header.map((name) => name.trim().toLowerCase())
  return REQUIRED.map((name) => lower.indexOf(name))
}

function checkRows(rows: readonly (readonly string[])[], indexes: number[], jobType: number): LeanCounts {
  let valid = 0
  let invalid = 0
  for (const row of rows) {
    let ok = true
    for (const i of indexes) {
      if (i < 0 || (row[i] ?? '').trim() === '') ok = false
    }
    if (ok && !JOB_TYPES.has((row[jobType] ?? '').trim().toLowerCase())) ok = false
    if (ok) valid++
    else invalid++
  }
  return { valid, invalid }
}

/** uDSV (`stringArrs`): the fastest JavaScript CSV parser we know of. */
export function udsvLean(text: string): LeanCounts {
  const schema = inferSchema(text)
  const rows = initParser(schema).stringArrs(text)
  const indexes = requiredIndexes(schema.cols.map((col) => col.name))
  return checkRows(rows, indexes, indexes[REQUIRED.indexOf('job_type')] ?? -1)
}

/** PapaParse with `header: true`, the configuration its documentation leads with. */
export function papaLean(text: string): LeanCounts {
  const parsed = Papa.parse<Record<string, string>>(text, { header: true, skipEmptyLines: true })
  const header = parsed.meta.fields ?? []
  const names = requiredIndexes(header).map((i) => (i < 0 ? null : (header[i] as string)))
  let valid = 0
  let invalid = 0
  for (const row of parsed.data) {
    let ok = names.every((name) => name !== null && (row[name] ?? '').trim() !== '')
    const jobType = names[REQUIRED.indexOf('job_type')]
    if (ok && !JOB_TYPES.has((row[jobType ?? ''] ?? '').trim().toLowerCase())) ok = false
    if (ok) valid++
    else invalid++
  }
  return { valid, invalid }
}
