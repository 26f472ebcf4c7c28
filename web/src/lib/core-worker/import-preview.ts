// The bulk-import preview as it crosses from the core worker to the page.
//
// One object per row would cost twice: building 100,000 of them out of wasm,
// then structured-cloning them to the main thread (rebuilt there object by
// object, longer than a frame). The core packs the table itself, as the UTF-8
// bytes of its cells plus typed arrays (`PackedImportPreview`); all of them are
// transferred, and the page decodes only the cells it shows.

/** One row of the preview table (spec, employer §2: Status, Company, Job Title, Location, Type, Salary, Errors). */
export type ImportPreviewRow = {
  /** The row number a spreadsheet shows (header = 1). */
  rowNumber: number
  valid: boolean
  companyName: string
  jobTitle: string
  location: string
  /** Canonical spelling when valid, else as typed. */
  jobType: string
  /** As typed: "1500 - 2500", "From 1500", "Up to 2500" or "". */
  salary: string
  /** "Row {n}: …" messages, in column order. */
  errors: string[]
}

/** How much one preview may read (the core's `ImportLimits`). */
export type { ImportLimits } from '@/generated/core-types'

/** A preview as rows of objects, packed with `packPreview` (the benchmark's JavaScript engine, tests). */
export type RawImportPreview = {
  rows: ImportPreviewRow[]
  validCount: number
  invalidCount: number
  warnings: string[]
  summary: string
}

/** A file's preview, packed: read rows with `previewRow`. */
export type ImportPreview = {
  rowCount: number
  validCount: number
  invalidCount: number
  /** File-level notes such as `Unknown column "department" was ignored`. */
  warnings: string[]
  /** The toast after parsing: "Successfully parsed {n} jobs!" or the review warning. */
  summary: string
  /** Every row's cells (`CELLS` per row, in order), one after another, as UTF-8 bytes. */
  text: Uint8Array<ArrayBuffer>
  /** Where each cell starts in `text`, in bytes; one more entry than cells, so cell k ends where k + 1 starts. */
  offsets: Uint32Array<ArrayBuffer>
  rowNumbers: Uint32Array<ArrayBuffer>
  /** 1 for a valid row, 0 for an invalid one. */
  valid: Uint8Array<ArrayBuffer>
  /** Indexes (not row numbers) of the invalid rows, in file order: the "invalid only" view. */
  invalidRows: Uint32Array<ArrayBuffer>
}

// The layout of the core's `csv_import::PackedPreview`: the tests check both against the same rows.
const CELLS = ['companyName', 'jobTitle', 'location', 'jobType', 'salary', 'errors'] as const
const CELL_COUNT = CELLS.length
/** Row messages never hold a line break (they are "Row {n}: …" sentences). */
const ERROR_SEPARATOR = '\n'

/**
 * The wasm core's `PackedImportPreview`, as far as it is read here (each getter
 * copies out of wasm memory, so each is read once).
 */
export type WasmPackedPreview = {
  readonly text: Uint8Array
  readonly offsets: Uint32Array
  readonly rowNumbers: Uint32Array
  readonly validFlags: Uint8Array
  readonly invalidRows: Uint32Array
  readonly rowCount: number
  readonly validCount: number
  readonly invalidCount: number
  readonly warnings: string[]
  readonly summary: string
  free(): void
}

/** Copies the core's packed preview out of wasm memory and frees it there. */
export function fromWasmPreview(packed: WasmPackedPreview): ImportPreview {
  try {
    return {
      rowCount: packed.rowCount,
      validCount: packed.validCount,
      invalidCount: packed.invalidCount,
      warnings: packed.warnings,
      summary: packed.summary,
      // Fresh copies, each with its own buffer, so they can be transferred.
      text: packed.text as Uint8Array<ArrayBuffer>,
      offsets: packed.offsets as Uint32Array<ArrayBuffer>,
      rowNumbers: packed.rowNumbers as Uint32Array<ArrayBuffer>,
      valid: packed.validFlags as Uint8Array<ArrayBuffer>,
      invalidRows: packed.invalidRows as Uint32Array<ArrayBuffer>,
    }
  } finally {
    packed.free()
  }
}

/** Packs rows of objects the way the core packs its table. */
export function packPreview(raw: RawImportPreview): ImportPreview {
  const { rows } = raw
  const rowCount = rows.length
  const parts = new Array<string>(rowCount * CELL_COUNT)
  const offsets = new Uint32Array(rowCount * CELL_COUNT + 1)
  const rowNumbers = new Uint32Array(rowCount)
  const valid = new Uint8Array(rowCount)
  const invalidRows = new Uint32Array(rowCount)
  let invalidSeen = 0
  let position = 0
  let cell = 0
  for (let i = 0; i < rowCount; i++) {
    const row = rows[i] as ImportPreviewRow
    rowNumbers[i] = row.rowNumber
    if (row.valid) valid[i] = 1
    else invalidRows[invalidSeen++] = i
    for (const key of CELLS) {
      const value = key === 'errors' ? row.errors.join(ERROR_SEPARATOR) : row[key]
      offsets[cell] = position
      parts[cell] = value
      position += utf8Length(value)
      cell++
    }
  }
  offsets[cell] = position
  return {
    rowCount,
    validCount: rowCount - invalidSeen,
    invalidCount: invalidSeen,
    warnings: raw.warnings,
    summary: raw.summary,
    text: encoder.encode(parts.join('')),
    offsets,
    rowNumbers,
    valid,
    invalidRows: invalidRows.slice(0, invalidSeen),
  }
}

const encoder = new TextEncoder()
// `ignoreBOM`: a cell that starts with U+FEFF keeps it, as the core's text does.
const decoder = new TextDecoder('utf-8', { ignoreBOM: true })

/** The length of `text` in UTF-8 bytes, without encoding it. */
function utf8Length(text: string): number {
  let bytes = 0
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i)
    if (unit < 0x80) bytes += 1
    else if (unit < 0x800) bytes += 2
    else if (unit >= 0xd800 && unit < 0xdc00 && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      // A surrogate pair is one character of four bytes (a lone surrogate is encoded as U+FFFD, three).
      bytes += 4
      i++
    } else bytes += 3
  }
  return bytes
}

/** The buffers `postMessage` can hand over instead of copying. */
export function previewTransferables(preview: ImportPreview): ArrayBuffer[] {
  return [
    preview.text.buffer,
    preview.offsets.buffer,
    preview.rowNumbers.buffer,
    preview.valid.buffer,
    preview.invalidRows.buffer,
  ]
}

/** Row `index` (0-based, file order) of a packed preview. */
export function previewRow(preview: ImportPreview, index: number): ImportPreviewRow {
  const { text, offsets } = preview
  const base = index * CELL_COUNT
  const cell = (k: number) => decoder.decode(text.subarray(offsets[base + k], offsets[base + k + 1]))
  const errors = cell(5)
  return {
    rowNumber: preview.rowNumbers[index] ?? 0,
    valid: preview.valid[index] === 1,
    companyName: cell(0),
    jobTitle: cell(1),
    location: cell(2),
    jobType: cell(3),
    salary: cell(4),
    errors: errors === '' ? [] : errors.split(ERROR_SEPARATOR),
  }
}
