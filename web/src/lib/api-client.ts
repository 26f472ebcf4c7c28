import { API_BASE_PATH } from '@/config/env'
import { sessionStore } from '@/lib/session'

/** Field name → messages, as sent with 422 answers (forms and CSV rows). */
export type FieldErrors = Record<string, string[]>

/** The server's error body: `{ "error": { code, message, fields? } }`. */
export type ApiErrorBody = {
  error: { code: string; message: string; fields?: FieldErrors }
}

/** Codes the client itself assigns when the server gave no error body. */
export const CLIENT_ERROR_CODES = {
  network: 'network_error',
  http: 'http_error',
  invalidJson: 'invalid_json',
} as const

/** A failed API call: the HTTP status (0 when no answer came) and the server's code, message and field errors. */
export class ApiError extends Error {
  readonly status: number
  readonly code: string
  readonly fields: FieldErrors

  constructor(status: number, code: string, message: string, fields: FieldErrors = {}) {
    super(message)
    this.name = 'ApiError'
    this.status = status
    this.code = code
    this.fields = fields
  }

  /** The first message of a field, or of any field: what a form shows. */
  firstFieldMessage(field?: string): string | undefined {
    if (field !== undefined) return this.fields[field]?.[0]
    for (const messages of Object.values(this.fields)) {
      if (messages[0] !== undefined) return messages[0]
    }
    return undefined
  }
}

/** Whether a value is the server's error body. */
export function isApiErrorBody(value: unknown): value is ApiErrorBody {
  if (typeof value !== 'object' || value === null || !('error' in value)) return false
  const error: unknown = value.error
  if (typeof error !== 'object' || error === null) return false
  if (!('code' in error) || !('message' in error)) return false
  if (typeof error.code !== 'string' || typeof error.message !== 'string') return false
  if (!('fields' in error) || error.fields === undefined) return true
  return isFieldErrors(error.fields)
}

function isFieldErrors(value: unknown): value is FieldErrors {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false
  return Object.values(value).every(
    (messages) => Array.isArray(messages) && messages.every((m) => typeof m === 'string'),
  )
}

/** Turns a non-2xx response into an `ApiError`, using the JSON error body when there is one. */
export async function toApiError(response: Response): Promise<ApiError> {
  const text = await response.text().catch(() => '')
  let body: unknown = undefined
  try {
    body = text ? JSON.parse(text) : undefined
  } catch {
    // Not JSON (a proxy's HTML page, say): fall through to the generic error.
  }
  if (isApiErrorBody(body)) {
    const { code, message, fields } = body.error
    return new ApiError(response.status, code, message, fields)
  }
  const reason = response.statusText || `status ${response.status}`
  return new ApiError(response.status, CLIENT_ERROR_CODES.http, `Request failed (${reason})`)
}

/** `fetch` options plus `json`, a body sent as JSON. */
export type ApiRequestInit = Omit<RequestInit, 'body'> & {
  body?: BodyInit | null
  json?: unknown
}

/**
 * Calls the JobTap API at `/api/v1{path}` and returns the parsed JSON answer
 * (`undefined` for 204). Sends the session's bearer token when signed in.
 * Every failure, including a lost connection, is thrown as an `ApiError`.
 */
export async function apiFetch<T>(path: string, init: ApiRequestInit = {}): Promise<T> {
  const { json, headers: extraHeaders, ...rest } = init
  const headers = new Headers(extraHeaders)
  if (!headers.has('Accept')) headers.set('Accept', 'application/json')
  let body = rest.body
  if (json !== undefined) {
    headers.set('Content-Type', 'application/json')
    body = JSON.stringify(json)
  }
  const token = sessionStore.accessToken()
  if (token !== null && !headers.has('Authorization')) {
    headers.set('Authorization', `Bearer ${token}`)
  }

  let response: Response
  try {
    response = await fetch(`${API_BASE_PATH}${path}`, { ...rest, body, headers })
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause
    throw new ApiError(0, CLIENT_ERROR_CODES.network, 'Network error. Please check your connection.')
  }

  if (!response.ok) throw await toApiError(response)
  if (response.status === 204) return undefined as T
  const text = await response.text()
  if (text === '') return undefined as T
  try {
    return JSON.parse(text) as T
  } catch {
    throw new ApiError(
      response.status,
      CLIENT_ERROR_CODES.invalidJson,
      'The server sent an answer that could not be read.',
    )
  }
}
