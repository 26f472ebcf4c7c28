// The bindings run in a real WebAssembly engine (node) against the package the app ships: the
// same wasm-bindgen glue and module the worker imports.
import { describe, expect, it } from 'vitest'
import { readTestFile } from '@/testing/in-process-core'
import type { InterviewMeasurements, InterviewReport } from './interview'
import {
  decideSwipe,
  descriptionPreview,
  DoubleTapDetector,
  formatPosted,
  formatSalaryRange,
  importTemplateCsv,
  interviewQuestions,
  interviewReportFileName,
  interviewReportText,
  pdfFileName,
  previewImportHead,
  previewImportPacked,
  qrPng,
  qrSvg,
  resumePdf,
  scoreInterview,
  uploadProblem,
} from './pkg/jobtap_wasm.js'

// The wasm module is instantiated by the test setup (src/testing/setup-tests.ts).

const encode = (text: string) => new TextEncoder().encode(text)
const decode = (bytes: Uint8Array) => new TextDecoder('utf-8', { fatal: true }).decode(bytes)

/** The error `run` throws (a binding's `Err`), failing the test when it returns. */
function thrown(run: () => unknown): Error {
  try {
    run()
  } catch (error) {
    return error as Error
  }
  throw new Error('expected the call to throw')
}

describe('the wasm bindings', () => {
  it('runs the description preview', () => {
    expect(descriptionPreview('Ship it. Then rest.')).toBe('Ship it.')
  })

  it('starts the template with the header', () => {
    expect(importTemplateCsv().startsWith('company_name,job_title,')).toBe(true)
  })

  it('makes the QR code a PNG', () => {
    const png = qrPng('https://jobtap.example/documents')
    expect(Array.from(png.subarray(0, 8))).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
  })

  it('makes the QR code an SVG', () => {
    const svg = qrSvg('https://jobtap.example/documents')
    expect(svg.startsWith('<svg') && svg.includes('viewBox')).toBe(true)
  })

  it('makes the resume a PDF', () => {
    const pdf = resumePdf('JANE DOE\n\nSUMMARY\nBuilds things.')
    expect(Array.from(pdf.subarray(0, 5))).toEqual(Array.from(encode('%PDF-')))
    expect(pdfFileName()).toBe('upgraded-resume-ats.pdf')
  })

  it('runs the swipe and tap rules', () => {
    expect(decideSwipe(-200, 0, -0.5, 0)).toBe('reject')
    const taps = new DoubleTapDetector()
    expect(taps.tap(1000)).toBe(false)
    expect(taps.tap(1200)).toBe(true)
    taps.free()
  })

  it('runs the card formats', () => {
    expect(formatSalaryRange(1500, 2500)).toBe('$1,500 - $2,500')
    expect(formatPosted(0).startsWith('Posted Jan 1, 1970')).toBe(true)
  })

  it('runs the packed import preview', () => {
    const csv = 'company_name,job_title,job_description,location,job_type\nZürich AG,Dev 🚀,Builds,Remote,full-time\n,Dev,Builds,Remote,Intern\n'
    const bytes = encode(csv)
    const packed = previewImportPacked('jobs.csv', bytes, undefined)
    expect([packed.rowCount, packed.validCount, packed.invalidCount]).toEqual([2, 1, 1])
    expect(Array.from(packed.rowNumbers)).toEqual([2, 3])
    expect(Array.from(packed.validFlags)).toEqual([1, 0])
    expect(Array.from(packed.invalidRows)).toEqual([1])
    expect(decode(packed.text).startsWith('Zürich AGDev 🚀RemoteFull-time')).toBe(true)
    // Byte offsets: "Zürich AG" is 10 bytes, "Dev 🚀" 8 (the rocket is four).
    expect(Array.from(packed.offsets.subarray(0, 3))).toEqual([0, 10, 18])
    expect(packed.offsets).toHaveLength(2 * 6 + 1)
    expect(packed.summary).toBe('Parsed 1 valid jobs and 1 invalid jobs. Please review.')
    expect(packed.warnings).toEqual([])
    packed.free()

    // A file-level problem is thrown as an `Error` named by its kind.
    const refused = thrown(() => previewImportPacked('jobs.txt', bytes, undefined))
    expect(refused.name).toBe('not_csv')
    expect(refused.message).toBe('Please upload a CSV file')

    const head = previewImportHead('jobs.csv', bytes.subarray(0, bytes.length - 3), 10, false)
    expect(Array.from(head.rowNumbers)).toEqual([2])
    head.free()
  })

  // The import's scans run 16 bytes at a time with WebAssembly SIMD: a control byte anywhere, and
  // separators, quotes and line ends at every offset of a block, are found as byte by byte.
  it('finds every byte with the import’s vector scans', () => {
    const header = 'company_name,job_title,job_description,location,job_type\n'
    const row = 'Acme,Analyst,"Reports, ""weekly""\nand more",Harare,Contract\n'
    for (let pad = 0; pad < 40; pad++) {
      const company = `Acme${'x'.repeat(pad)}`
      const csv = `${header}${row.replace('Acme', company)}${row}`
      const packed = previewImportPacked('jobs.csv', encode(csv), undefined)
      expect(Array.from(packed.rowNumbers), `padding ${pad}`).toEqual([2, 3])
      expect(packed.validCount, `padding ${pad}`).toBe(2)
      expect(decode(packed.text).startsWith(`${company}AnalystHarareContract`)).toBe(true)
      packed.free()

      // The header and the padding are ASCII: a character's index is its byte's.
      const at = header.length + pad
      for (const bad of [0x00, 0x1b, 0x7f]) {
        const bytes = encode(csv)
        bytes[at] = bad
        const refused = thrown(() => previewImportPacked('jobs.csv', bytes, undefined))
        expect(refused.name, `control byte ${bad.toString(16)} at ${at}`).toBe('unreadable')
      }
    }
  })

  function interviewMeasurements(): InterviewMeasurements {
    const answer = {
      durationMs: 30_000,
      audio: { speakingMs: 15_000, longestSilenceMs: 2_000, loudnessSpreadDb: 5 },
      face: null,
    }
    return { answers: Array.from({ length: 5 }, () => ({ ...answer, audio: { ...answer.audio } })) }
  }

  it('runs the interview questions', () => {
    const questions = interviewQuestions('Data Analyst')
    expect(questions).toHaveLength(5)
    expect(questions[1]?.displayTime).toBe(9)
    expect(questions[0]?.question).toContain('Data Analyst')
    expect(() => interviewQuestions('   ')).toThrow('Please enter a job title')
  })

  it('runs the interview scores and report', () => {
    const scores = scoreInterview(interviewMeasurements())
    // Share 0.5 → 0.83 of the speaking part; quality ramp_up(15 s) = 0.5.
    expect(scores.confidence).toBe(9.3)
    expect(scores.responseQuality).toBe(5)
    expect(scores.eyeContact).toBeNull()

    // The core's built-in narrative has no binding (the server writes it); the report's text
    // takes any narrative, and the lines checked below do not depend on it.
    const narrative = {
      summary: 'You practised 5 questions for the Data Analyst position.',
      actionPlan: ['Structure each answer with STAR.'],
      resources: [{ title: 'Interview tips', url: 'https://jobtap.example/tips' }],
    }
    const report: InterviewReport = {
      jobTitle: 'Data Analyst',
      createdAtMs: 1_741_185_000_000,
      questions: interviewQuestions('Data Analyst'),
      analysis: { ...scores, ...narrative },
    }
    const text = interviewReportText(report)
    expect(text.startsWith('JobTap Interview Practice Report\nPosition: Data Analyst\nDate: Mar 5, 2025\n')).toBe(true)
    expect(text).toContain('Eye Contact: not measured')
    expect(interviewReportFileName('Data Analyst', 1_741_185_000_000)).toBe('interview-report-data-analyst-2025-03-05.txt')
  })

  it('gives the server’s upload message or none', async () => {
    const docx = await readTestFile('../../../fixtures/resumes/writers/nurse.python-docx.docx')
    expect(uploadProblem('resume', docx)).toBeUndefined()
    expect(uploadProblem('resume', new TextEncoder().encode('just text'))).toBe('Resume must be a PDF, DOC or DOCX file')
    expect(() => uploadProblem('nowhere', docx)).toThrow('unknown upload slot nowhere')
  })
})
