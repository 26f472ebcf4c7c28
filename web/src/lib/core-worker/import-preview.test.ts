import { describe, expect, it } from 'vitest'
import {
  fromWasmPreview,
  packPreview,
  previewRow,
  previewTransferables,
  type ImportPreviewRow,
} from './import-preview'
import { previewImportHead, previewImportPacked } from './pkg/jobtap_wasm.js'

function row(rowNumber: number, overrides: Partial<ImportPreviewRow> = {}): ImportPreviewRow {
  return {
    rowNumber,
    valid: true,
    companyName: 'Moyo, Dube & Partners',
    jobTitle: 'Sales Lead, Northern Region',
    location: 'Bulawayo, Zimbabwe',
    jobType: 'Full-time',
    salary: '1,500 - 2,500',
    errors: [],
    ...overrides,
  }
}

const invalid = (rowNumber: number, errors: string[], overrides: Partial<ImportPreviewRow> = {}) =>
  row(rowNumber, { valid: false, errors, ...overrides })

describe('packed import preview', () => {
  const rows = [
    row(2),
    invalid(3, ['Row 3: Company name is required'], { companyName: '' }),
    // Row numbers skip where the file had a blank line.
    invalid(5, ['Row 5: Company name is required', 'Row 5: Job type must be one of: Full-time, Part-time, Contract, Remote'], {
      companyName: '',
      jobType: 'full time',
    }),
    row(6, { companyName: 'Café “Zoë” 🚀', salary: '' }),
  ]
  const raw = { rows, validCount: 2, invalidCount: 2, warnings: ['Unknown column "department" was ignored'], summary: 'Parsed 2 valid jobs and 2 invalid jobs. Please review.' }

  it('gives every row back exactly, in file order', () => {
    const packed = packPreview(raw)
    expect(Array.from({ length: packed.rowCount }, (_, i) => previewRow(packed, i))).toEqual(rows)
  })

  it('keeps the counts, warnings and summary, and lists the invalid rows by index', () => {
    const packed = packPreview(raw)
    expect(packed).toMatchObject({ rowCount: 4, validCount: 2, invalidCount: 2, warnings: raw.warnings, summary: raw.summary })
    expect(Array.from(packed.invalidRows)).toEqual([1, 2])
  })

  it('counts invalid rows from the rows themselves', () => {
    const packed = packPreview({ ...raw, validCount: 4, invalidCount: 0 })
    expect(packed.invalidCount).toBe(2)
    expect(packed.validCount).toBe(2)
  })

  it('offers five distinct buffers to transfer, the text among them', () => {
    const buffers = previewTransferables(packPreview(raw))
    expect(buffers).toHaveLength(5)
    expect(new Set(buffers).size).toBe(5)
    // By tag, not `instanceof`: under jsdom the text's buffer comes from Node's TextEncoder, another realm.
    expect(buffers.every((b) => Object.prototype.toString.call(b) === '[object ArrayBuffer]')).toBe(true)
  })

  it('keeps a leading byte-order mark and stays aligned after a lone surrogate', () => {
    const odd = { ...rows[0], companyName: '\uFEFFAcme', jobTitle: 'Dev \uD800', location: 'Harare' } as ImportPreviewRow
    const packed = packPreview({ ...raw, rows: [odd] })
    // A lone surrogate is written as U+FFFD, as any UTF-8 encoder writes it.
    expect(previewRow(packed, 0)).toEqual({ ...odd, jobTitle: 'Dev \uFFFD' })
  })

  it('packs an empty table', () => {
    const packed = packPreview({ rows: [], validCount: 0, invalidCount: 0, warnings: [], summary: '' })
    expect(packed.rowCount).toBe(0)
    expect(packed.text).toHaveLength(0)
    expect(Array.from(packed.offsets)).toEqual([0])
  })
})

// The wasm module is instantiated by the test setup (src/testing/setup-tests.ts).
describe('the core’s packed preview', () => {
  const csv = [
    'company_name,job_title,job_description,location,job_type,salary_min,salary_max,department',
    'Zürich Bäckerei,Baker 🥐,Bakes,Zürich,part-time,900,',
    ',"Sales Lead, North","Two\nlines",Bulawayo,Internship,abc,',
    '"Café ""Zoë"" 🚀",Barista,Pours,Gweru,Contract,,2500',
  ].join('\r\n')
  const bytes = new TextEncoder().encode(csv)
  const expected: ImportPreviewRow[] = [
    row(2, { companyName: 'Zürich Bäckerei', jobTitle: 'Baker 🥐', location: 'Zürich', jobType: 'Part-time', salary: 'From 900' }),
    invalid(
      3,
      [
        'Row 3: Company name is required',
        'Row 3: Job type must be one of: Full-time, Part-time, Contract, Remote',
        'Row 3: Salary min must be a number',
      ],
      { companyName: '', jobTitle: 'Sales Lead, North', location: 'Bulawayo', jobType: 'Internship', salary: 'From abc' },
    ),
    row(4, { companyName: 'Café "Zoë" 🚀', jobTitle: 'Barista', location: 'Gweru', jobType: 'Contract', salary: 'Up to 2500' }),
  ]

  it('decodes to the rows, counts and notes the core found', () => {
    const preview = fromWasmPreview(previewImportPacked('jobs.csv', bytes, undefined))
    expect(Array.from({ length: preview.rowCount }, (_, i) => previewRow(preview, i))).toEqual(expected)
    expect(preview).toMatchObject({
      rowCount: 3,
      validCount: 2,
      invalidCount: 1,
      warnings: ['Unknown column "department" was ignored'],
      summary: 'Parsed 2 valid jobs and 1 invalid jobs. Please review.',
    })
    expect(Array.from(preview.invalidRows)).toEqual([1])
  })

  it('is laid out exactly as rows packed in JavaScript, offsets in UTF-8 bytes', () => {
    const fromCore = fromWasmPreview(previewImportPacked('jobs.csv', bytes, undefined))
    const fromJs = packPreview({ rows: expected, validCount: 2, invalidCount: 1, warnings: [], summary: '' })
    expect(Array.from(fromCore.text)).toEqual(Array.from(fromJs.text))
    // "Zürich Bäckerei" is 17 bytes (two two-byte letters), "Baker 🥐" 10 (the croissant is four).
    expect(Array.from(fromCore.offsets.slice(0, 3))).toEqual([0, 17, 27])
    expect(Array.from(fromCore.offsets)).toEqual(Array.from(fromJs.offsets))
    expect(Array.from(fromCore.rowNumbers)).toEqual([2, 3, 4])
    expect(Array.from(fromCore.valid)).toEqual([1, 0, 1])
  })

  it('owns its arrays and frees the core’s copy', () => {
    const packed = previewImportPacked('jobs.csv', bytes, undefined)
    const preview = fromWasmPreview(packed)
    expect(new Set(previewTransferables(preview)).size).toBe(5)
    expect(() => packed.text).toThrow(/null pointer/)
  })

  it('previews the head of a file, without the row cut short', () => {
    const start = new TextEncoder().encode(csv.slice(0, csv.indexOf('Gweru')))
    const head = fromWasmPreview(previewImportHead('jobs.csv', start, 100, false))
    expect(Array.from({ length: head.rowCount }, (_, i) => previewRow(head, i))).toEqual(expected.slice(0, 2))
  })
})

// The browser's build reads files with WebAssembly SIMD (64-byte masks of separators and line
// ends, one pass for control bytes, line breaks and the lead bytes of hidden characters); the
// server's build reads them eight bytes at a time. These run the browser's.
describe('the wasm build’s byte scans', () => {
  const header = 'company_name,job_title,job_description,location,job_type\n'
  const encode = (text: string) => new TextEncoder().encode(text)
  const rowsOf = (text: string) => {
    const preview = fromWasmPreview(previewImportPacked('jobs.csv', encode(text), undefined))
    return Array.from({ length: preview.rowCount }, (_, i) => previewRow(preview, i))
  }

  it('finds every value’s end, in values of every length across 64-byte blocks', () => {
    const titles = Array.from({ length: 140 }, (_, i) => `T${'x'.repeat(i)}`)
    const text = header + titles.map((title, i) => `Co ${i},${title},"Say ""hi"", then go",Harare,Remote`).join('\n')
    const rows = rowsOf(text)
    expect(rows.map((r) => r.jobTitle)).toEqual(titles)
    expect(rows.map((r) => r.companyName)).toEqual(titles.map((_, i) => `Co ${i}`))
    expect(rows.filter((r) => !r.valid || r.location !== 'Harare' || r.jobType !== 'Remote')).toEqual([])
  })

  it('refuses a control byte wherever it sits', () => {
    const text = header + 'Acme,Dispatcher,Plan routes,Harare,Remote\n'.repeat(4)
    for (const control of ['\u0000', '\u001b', '\u007f']) {
      for (let at = 0; at < text.length; at += 7) {
        const bad = text.slice(0, at) + control + text.slice(at)
        expect(() => previewImportPacked('jobs.csv', encode(bad), undefined), `${control.charCodeAt(0)} at ${at}`).toThrow(
          /binary data/,
        )
      }
    }
  })

  it('flags a hidden character in the row that holds it, wherever in the file', () => {
    // Beside typography that hides nothing (C2 and E2 lead bytes elsewhere), and as the file's
    // only byte beyond ASCII: a C1 control (C2 85) and a direction mark (E2 80 AE).
    const typography = 'Acme – “Café”,Dispatcher,Plan routes for £5,Harare,Remote'
    const ascii = 'Acme,Dispatcher,Plan routes,Harare,Remote'
    for (const [clean, hiding] of [
      [typography, 'Acme\u202E'],
      [ascii, 'Ac\u0085me'],
      [ascii, 'Acme\u202E'],
    ] as const) {
      for (let marked = 0; marked < 6; marked++) {
        const lines = Array.from({ length: 6 }, (_, i) => (i === marked ? `${hiding},Dispatcher,Plan,Harare,Remote` : clean))
        const rows = rowsOf(header + lines.join('\n'))
        expect(rows.map((r) => r.valid)).toEqual(lines.map((_, i) => i !== marked))
        expect(rows[marked]?.errors).toEqual([
          `Row ${marked + 2}: Company name: Remove the hidden control or text-direction characters from this field`,
        ])
      }
    }
  })
})
