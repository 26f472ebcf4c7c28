// The one worker that hosts the Rust core (wasm). It loads the module once;
// every method waits for that before calling into it.
import { expose, transfer } from 'comlink'
import init, {
  descriptionPreview,
  importTemplateCsv,
  importTemplateFileName,
  qrPng,
  qrSvg,
  validateCandidateSignUp,
  validateEmployerSignUp,
  validateOnboardingStep,
  validateSignIn,
} from './pkg/jobtap_wasm.js'

const ready = init()

/** One field's problem, as the core reports it. */
export type FieldProblem = { field: string; message: string }

/** A form check: `ok`, or the problems in order (the first one is the toast). */
export type FormCheck = { ok: boolean; errors: FieldProblem[] }

/** The onboarding form as typed (numbers still text, skills one comma-separated line). */
export type OnboardingInput = {
  fullName: string
  /** Whether a resume is chosen now or a default resume already exists. */
  hasResume: boolean
  degreeClass: string
  university: string
  skills: string
  experienceYears: string
  preferredLocation: string
  minSalary: string
  maxSalary: string
  jobTypes: string[]
}

/** The core's answer as a `FormCheck` (the wasm bindings return untyped values). */
function formCheck(value: unknown): FormCheck {
  const check = value as Partial<FormCheck> | null
  return { ok: check?.ok === true, errors: Array.isArray(check?.errors) ? check.errors : [] }
}

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
    return formCheck(validateSignIn(email, password))
  },
  /** Candidate sign-up form rules. */
  async validateCandidateSignUp(email: string, password: string, fullName: string): Promise<FormCheck> {
    await ready
    return formCheck(validateCandidateSignUp(email, password, fullName))
  },
  /** Employer sign-up form rules. */
  async validateEmployerSignUp(
    email: string,
    password: string,
    fullName: string,
    companyName: string,
  ): Promise<FormCheck> {
    await ready
    return formCheck(validateEmployerSignUp(email, password, fullName, companyName))
  },
  /** One onboarding step's rule (1 to 4), given the whole form. */
  async validateOnboardingStep(step: number, input: OnboardingInput): Promise<FormCheck> {
    await ready
    return formCheck(validateOnboardingStep(step, input))
  },
}

export type CoreApi = typeof api

expose(api)
