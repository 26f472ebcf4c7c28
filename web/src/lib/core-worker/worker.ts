// The one worker that hosts the Rust core (wasm). It loads the module once;
// every method waits for that before calling into it.
import { expose, transfer } from 'comlink'
import init, {
  descriptionPreview,
  emailTemplateProblem,
  formatDate,
  formatSalaryRange,
  importTemplateCsv,
  importTemplateFileName,
  pdfFileName,
  pdfUnprintable,
  previewImportHead,
  previewImportPacked,
  importRowKeys,
  qrPng,
  qrSvg,
  resumePdf,
  roleStyle,
  uploadProblem,
  uploadSizeProblem,
  validateCandidateSignUp,
  validateEmployerSignUp,
  validateJobPost,
  validateOnboardingStep,
  validateSignIn,
} from './pkg/jobtap_wasm.js'
import {
  interviewConstants,
  interviewQuestions,
  interviewReportFileName,
  interviewReportText,
  scoreInterview,
} from './pkg/jobtap_wasm.js'
import type {
  InterviewConstants,
  InterviewMeasurements,
  InterviewQuestion,
  InterviewReport,
  InterviewScores,
} from './interview'
import { fromWasmPreview, previewTransferables, type ImportLimits, type ImportPreview } from './import-preview'
import type { FieldError, FormCheck, OnboardingInput, RoleStyle } from '@/generated/core-types'

const ready = init()

/** The upload slots the core knows (`core::files::Slot::from_name`). */
export type UploadSlot = 'resume' | 'resume-document' | 'certificate' | 'avatar' | 'company-logo'

/** File previews run one at a time, in call order: each holds a whole file in wasm memory, and the warm-up must not overlap a file. */
let importTurn: Promise<unknown> = Promise.resolve()
function inTurn<T>(run: () => Promise<T>): Promise<T> {
  const result = importTurn.then(run)
  importTurn = result.catch(() => {})
  return result
}

/** One field's problem, as the core reports it. */
export type FieldProblem = FieldError

/** A form check: `ok`, or the problems in order (the first one is the toast). */
export type { FormCheck }

/** The onboarding form as typed (numbers still text, skills one comma-separated line). */
export type { OnboardingInput }

/** A job title's stand-in for a missing logo: a lucide-react icon name and a two-colour gradient. */
export type { RoleStyle }

/** The core's functions as seen from the main thread (all async there). */
const api = {
  /** The job card's description preview: first sentence, else 100 chars + "...". */
  async descriptionPreview(description: string): Promise<string> {
    await ready
    return descriptionPreview(description)
  },
  /** The bulk-import CSV template and its download file name. */
  async importTemplate(): Promise<{ fileName: string; csv: string }> {
    await ready
    return { fileName: importTemplateFileName(), csv: importTemplateCsv() }
  },
  /**
   * A share link's QR code as PNG bytes (300 px wide, margin 2; spec, candidate §9).
   * The bytes are a fresh copy out of wasm memory, so their buffer is transferred, not copied.
   */
  async qrPng(data: string): Promise<Uint8Array<ArrayBuffer>> {
    await ready
    const bytes = qrPng(data) as Uint8Array<ArrayBuffer>
    return transfer(bytes, [bytes.buffer])
  },
  /** The same QR code as SVG markup (margin 2). */
  async qrSvg(data: string): Promise<string> {
    await ready
    return qrSvg(data)
  },
  /** Sign-in form rules (candidate and employer). */
  async validateSignIn(email: string, password: string): Promise<FormCheck> {
    await ready
    return validateSignIn(email, password)
  },
  /** Candidate sign-up form rules. */
  async validateCandidateSignUp(email: string, password: string, fullName: string): Promise<FormCheck> {
    await ready
    return validateCandidateSignUp(email, password, fullName)
  },
  /** Employer sign-up form rules. */
  async validateEmployerSignUp(
    email: string,
    password: string,
    fullName: string,
    companyName: string,
  ): Promise<FormCheck> {
    await ready
    return validateEmployerSignUp(email, password, fullName, companyName)
  },
  /**
   * Why the upload slot would refuse `file` (the server's own check and message, run when the
   * file is chosen), or null when it takes it. The file is read here, off the page's thread.
   */
  async uploadProblem(slot: UploadSlot, file: Blob): Promise<string | null> {
    await ready
    // A file over the limit is refused by its size, without reading it.
    const tooLarge = uploadSizeProblem(slot, file.size)
    if (tooLarge !== undefined) return tooLarge
    return uploadProblem(slot, new Uint8Array(await file.arrayBuffer())) ?? null
  },
  /** Why a decision e-mail template's subject or message would be refused (the server's message), or null. */
  async emailTemplateProblem(part: 'subject' | 'body', text: string): Promise<string | null> {
    await ready
    return emailTemplateProblem(part, text) ?? null
  },
  /** The job post form's rules (the server's 422s), for the form as the API takes it. */
  async validateJobPost(input: object): Promise<FormCheck> {
    await ready
    return validateJobPost(input, Date.now())
  },
  /** One onboarding step's rule (1 to 4), given the whole form. */
  async validateOnboardingStep(step: number, input: OnboardingInput): Promise<FormCheck> {
    await ready
    return validateOnboardingStep(step, input)
  },
  /** A salary line: "$1,500 - $2,500", "From $1,500", "Up to $2,500" or "Salary not specified". */
  async formatSalaryRange(min: number | null, max: number | null): Promise<string> {
    await ready
    return formatSalaryRange(min, max)
  },
  /** A date as "Mar 5, 2025" (UTC) from epoch milliseconds. */
  async formatDate(epochMs: number): Promise<string> {
    await ready
    return formatDate(epochMs)
  },
  /** The role icon and gradient shown for a job title when its logo is missing. */
  async roleStyle(jobTitle: string): Promise<RoleStyle> {
    await ready
    return roleStyle(jobTitle)
  },
  /**
   * The bulk-import preview of a CSV file (spec, employer §2 and §5); a file-level
   * problem rejects with the core's message. Send `bytes` transferred: the file
   * can be tens of megabytes. The table comes back packed, its arrays transferred.
   */
  async previewImport(fileName: string, bytes: Uint8Array, limits?: ImportLimits): Promise<ImportPreview> {
    await ready
    const preview = fromWasmPreview(previewImportPacked(fileName, bytes, limits))
    return transfer(preview, previewTransferables(preview))
  },
  /**
   * `previewImport` of a chosen file, read here rather than on the page's thread.
   * With the preview comes an in-memory copy of exactly the previewed bytes,
   * when they are at most `copyUpTo` bytes (null otherwise): the upload, which
   * must not change if the file on disk is saved again after the preview. At
   * most one byte past `limits.maxBytes` is read, enough to refuse a larger file.
   */
  previewImportFile(
    file: File,
    limits: ImportLimits,
    copyUpTo: number,
  ): Promise<{ preview: ImportPreview; copy: File | null }> {
    return inTurn(async () => {
      const bytes = new Uint8Array(await file.slice(0, limits.maxBytes + 1).arrayBuffer())
      await ready
      const preview = fromWasmPreview(previewImportPacked(file.name, bytes, limits))
      const copy = bytes.length <= copyUpTo ? new File([bytes], file.name, { type: file.type || 'text/csv' }) : null
      return transfer({ preview, copy }, previewTransferables(preview))
    })
  },
  /**
   * The duplicate keys of a chosen file's valid rows (the import's own rule), to ask the
   * server which repeat jobs already live before importing.
   */
  importRowKeysOfFile(file: File, limits: ImportLimits): Promise<{ rowNumbers: number[]; keys: string[] }> {
    return inTurn(async () => {
      const bytes = new Uint8Array(await file.slice(0, limits.maxBytes + 1).arrayBuffer())
      await ready
      return importRowKeys(file.name, bytes, limits)
    })
  },
  /**
   * The first rows (at most `maxRows`) of the first `headBytes` of a file, to show
   * while `previewImportFile` reads all of it; a last row cut short is dropped,
   * and a start with no complete row is an empty table. Called before
   * `previewImportFile` on the same file, it answers first.
   */
  previewImportFileHead(file: File, headBytes: number, maxRows: number): Promise<ImportPreview> {
    return inTurn(async () => {
      const bytes = new Uint8Array(await file.slice(0, headBytes).arrayBuffer())
      await ready
      const preview = fromWasmPreview(previewImportHead(file.name, bytes, maxRows, file.size <= headBytes))
      return transfer(preview, previewTransferables(preview))
    })
  },
  /**
   * Loads the wasm and previews 3,000 rows (~1 MB, ~30 ms here), so the engine
   * has compiled the import code, and begun optimising it, before the
   * employer's file arrives: a module's first run is its slowest.
   */
  async warmUpImport(): Promise<void> {
    await ready
    // The template's example row, and the same row shifted one column (invalid in several ways).
    const [header = '', example = ''] = importTemplateCsv().split(/\r?\n/)
    const csv = `${header}\n${`${example}\n,${example}\n`.repeat(1500)}`
    fromWasmPreview(previewImportPacked(importTemplateFileName(), new TextEncoder().encode(csv), undefined))
  },
  /**
   * The upgraded resume as a PDF ("ATS-Optimized Resume"; spec, candidate §9), its
   * download name, `upgraded-resume-ats.pdf`, and the characters its fonts lack (printed
   * as "?"). The bytes are transferred, as in `qrPng`.
   */
  async resumePdf(
    text: string,
  ): Promise<{ fileName: string; bytes: Uint8Array<ArrayBuffer>; unprintable: string[] }> {
    await ready
    const bytes = resumePdf(text) as Uint8Array<ArrayBuffer>
    return transfer({ fileName: pdfFileName(), bytes, unprintable: pdfUnprintable(text) }, [bytes.buffer])
  },
  /** The five interview questions for a job position; a blank one rejects with "Please enter a job title". */
  async interviewQuestions(jobTitle: string): Promise<InterviewQuestion[]> {
    await ready
    return interviewQuestions(jobTitle)
  },
  /** An interview's scores from the browser's measurements; impossible numbers reject with their message. */
  async scoreInterview(measurements: InterviewMeasurements): Promise<InterviewScores> {
    await ready
    return scoreInterview(measurements)
  },
  /** The interview report as a text file: its name and content. */
  async interviewReport(report: InterviewReport): Promise<{ fileName: string; text: string }> {
    await ready
    return {
      fileName: interviewReportFileName(report.jobTitle, report.createdAtMs),
      text: interviewReportText(report),
    }
  },
  /** The interview's fixed numbers: question count, longest answer, recording chunk. */
  async interviewConstants(): Promise<InterviewConstants> {
    await ready
    return interviewConstants()
  },
}

export type CoreApi = typeof api

expose(api)
