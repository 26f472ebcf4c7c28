// The benchmark's JavaScript baseline: PapaParse (`header: true`) plus the
// core's preview rules written again in JavaScript, with the same messages, so
// both sides produce the same table (the benchmark checks they do).
import Papa from 'papaparse'
import type { ImportLimits, ImportPreviewRow, RawImportPreview } from '@/lib/core-worker/import-preview'

const COLUMNS = new Set([
  'company_name',
  'job_title',
  'job_description',
  'location',
  'job_type',
  'salary_min',
  'salary_max',
  'experience_years',
  'qualifications',
  'skills',
  'requirements',
  'benefits',
  'degree_class',
  'industry',
  'experience_level',
  'linkedin_url',
  'company_logo',
])
const REQUIRED = [
  ['company_name', 'Company name'],
  ['job_title', 'Job title'],
  ['job_description', 'Job description'],
  ['location', 'Location'],
  ['job_type', 'Job type'],
] as const
const JOB_TYPES = ['Full-time', 'Part-time', 'Contract', 'Remote']
const JOB_TYPE_BY_LOWER = new Map(JOB_TYPES.map((t) => [t.toLowerCase(), t]))
/** Digits, or digits grouped by commas in threes, with an optional fraction. */
const DECIMAL = /^(?:\d+|\d{1,3}(?:,\d{3})+)(?:\.\d+)?$/
const WHOLE = /^\d+$/
// oxlint-disable-next-line no-control-regex -- control characters are what this finds
const CONTROL = /[\x00-\x08\x0B\x0C\x0E-\x1F\x7F]/

const utf8 = new TextDecoder('utf-8', { fatal: true })
const cp1252 = new TextDecoder('windows-1252')

/** The core's decoding: UTF-8 (BOM dropped), UTF-16 with a BOM, else Windows-1252; binary refused. */
function decode(bytes: Uint8Array): string {
  let text: string
  if (bytes[0] === 0xff && bytes[1] === 0xfe) text = new TextDecoder('utf-16le').decode(bytes.subarray(2))
  else if (bytes[0] === 0xfe && bytes[1] === 0xff) text = new TextDecoder('utf-16be').decode(bytes.subarray(2))
  else {
    try {
      text = utf8.decode(bytes)
    } catch {
      text = cp1252.decode(bytes)
    }
  }
  if (CONTROL.test(text)) throw new Error('This file is not a readable CSV text file (it contains binary data, not text)')
  return text
}

/** A salary cell's problem, or null when it is a valid (or empty) decimal. */
function decimalError(cell: string, label: string, rowNumber: number): string | null {
  if (cell === '' || DECIMAL.test(cell)) return null
  if (cell.startsWith('-') && DECIMAL.test(cell.slice(1))) return `Row ${rowNumber}: ${label} cannot be negative`
  return `Row ${rowNumber}: ${label} must be a number`
}

function salaryDisplay(min: string, max: string): string {
  if (min !== '' && max !== '') return `${min} - ${max}`
  if (min !== '') return `From ${min}`
  if (max !== '') return `Up to ${max}`
  return ''
}

/** `previewImport` in JavaScript: the same table, counts, warnings and summary. */
export function jsPreviewImport(fileName: string, bytes: Uint8Array, limits: ImportLimits): RawImportPreview {
  if (!fileName.toLowerCase().endsWith('.csv')) throw new Error('Please upload a CSV file')
  if (bytes.length > limits.maxBytes) throw new Error('This file is too large.')
  const text = decode(bytes)
  if (text.trim() === '') throw new Error('CSV file must contain headers and at least one job')

  const parsed = Papa.parse<Record<string, string | undefined>>(text, {
    header: true,
    transformHeader: (header) => header.trim().toLowerCase(),
  })
  if (parsed.errors.some((e) => e.type === 'Quotes')) {
    throw new Error('This file is not a readable CSV text file (a quoted value is never closed)')
  }
  const warnings: string[] = []
  for (const field of parsed.meta.fields ?? []) {
    if (field !== '' && !COLUMNS.has(field)) warnings.push(`Unknown column "${field}" was ignored`)
  }

  const rows: ImportPreviewRow[] = []
  let validCount = 0
  const { data } = parsed
  for (let i = 0; i < data.length; i++) {
    const record = data[i] as Record<string, string | undefined>
    // The header is row 1 and a blank line still counts as a row, as in a spreadsheet.
    const rowNumber = i + 2
    const cell = (name: string) => (record[name] ?? '').trim()
    if (Object.values(record).every((value) => (value ?? '').trim() === '')) continue
    if (rows.length === limits.maxRows) throw new Error(`This file has more than ${limits.maxRows} job rows.`)

    const errors: string[] = []
    for (const [name, label] of REQUIRED) {
      if (cell(name) === '') errors.push(`Row ${rowNumber}: ${label} is required`)
    }
    const jobTypeCell = cell('job_type')
    const jobType = JOB_TYPE_BY_LOWER.get(jobTypeCell.toLowerCase())
    if (jobType === undefined && jobTypeCell !== '') {
      errors.push(`Row ${rowNumber}: Job type must be one of: ${JOB_TYPES.join(', ')}`)
    }
    const min = cell('salary_min')
    const max = cell('salary_max')
    const minError = decimalError(min, 'Salary min', rowNumber)
    const maxError = decimalError(max, 'Salary max', rowNumber)
    if (minError) errors.push(minError)
    if (maxError) errors.push(maxError)
    if (!minError && !maxError && min !== '' && max !== '') {
      if (Number(min.replaceAll(',', '')) > Number(max.replaceAll(',', ''))) {
        errors.push(`Row ${rowNumber}: Salary min cannot be greater than salary max`)
      }
    }
    const years = cell('experience_years')
    if (years !== '' && !WHOLE.test(years)) errors.push(`Row ${rowNumber}: Experience years must be a whole number`)

    const valid = errors.length === 0
    if (valid) validCount++
    rows.push({
      rowNumber,
      valid,
      companyName: cell('company_name'),
      jobTitle: cell('job_title'),
      location: cell('location'),
      jobType: jobType ?? jobTypeCell,
      salary: salaryDisplay(min, max),
      errors,
    })
  }
  if (rows.length === 0) throw new Error('CSV file must contain headers and at least one job')
  const invalidCount = rows.length - validCount
  const summary =
    invalidCount === 0
      ? `Successfully parsed ${validCount} jobs!`
      : `Parsed ${validCount} valid jobs and ${invalidCount} invalid jobs. Please review.`
  return { rows, validCount, invalidCount, warnings, summary }
}
