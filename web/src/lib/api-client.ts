import { API_BASE_PATH } from '@/config/env'
import { networkStatus } from '@/lib/offline/network-status'
import { sessionStore } from '@/lib/session'
import type { components } from '@/generated/api'

/** Field name → messages, as sent with 422 answers (forms and CSV rows). */
export type FieldErrors = Record<string, string[]>

/** The domain failures the client acts on (the server's `ErrorKind`). */
export type ErrorKind = components['schemas']['ErrorKind']

/** The server's error body: `{ "error": { code, message, kind?, fields? } }`. */
export type ApiErrorBody = {
  error: { code: string; message: string; kind?: ErrorKind; fields?: FieldErrors }
}

/** Codes the client itself assigns when the server gave no error body. */
export const CLIENT_ERROR_CODES = {
  network: 'network_error',
  offline: 'offline',
  http: 'http_error',
  invalidJson: 'invalid_json',
} as const

/** A failed API call: the HTTP status (0 when no answer came) and the server's code, message and field errors. */
export class ApiError extends Error {
  readonly status: number
  readonly code: string
  readonly fields: FieldErrors
  /** Set on the failures the client acts on: tell them apart by this, never by the message. */
  readonly kind: ErrorKind | null

  constructor(status: number, code: string, message: string, fields: FieldErrors = {}, kind: ErrorKind | null = null) {
    super(message)
    this.name = 'ApiError'
    this.status = status
    this.code = code
    this.fields = fields
    this.kind = kind
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
  if ('kind' in error && error.kind !== undefined && typeof error.kind !== 'string') return false
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
    const { code, message, fields, kind } = body.error
    return new ApiError(response.status, code, message, fields, kind ?? null)
  }
  const reason = response.statusText || `status ${response.status}`
  return new ApiError(response.status, CLIENT_ERROR_CODES.http, `Request failed (${reason})`)
}

/** `fetch` options plus `json`, a body sent as JSON, and `auth`: send the session's token (default true). */
export type ApiRequestInit = Omit<RequestInit, 'body'> & {
  body?: BodyInit | null
  json?: unknown
  /** Whether to send the bearer token and, on a 401, refresh once and retry (default true). */
  auth?: boolean
}

const NETWORK_MESSAGE = 'Network error. Please check your connection.'

function networkError(): ApiError {
  return new ApiError(0, CLIENT_ERROR_CODES.network, NETWORK_MESSAGE)
}

/** The message of a change refused while the device is offline. */
export const OFFLINE_MESSAGE = "You're offline. This needs a connection."

/**
 * Offline the app is read-only: a change (any method but GET and HEAD) is refused
 * before it is sent, with a message the caller's toast shows.
 */
function refuseChangeOffline(method: string | undefined): void {
  const reading = method === undefined || /^(GET|HEAD)$/i.test(method)
  if (!reading && networkStatus.browserOffline()) {
    throw new ApiError(0, CLIENT_ERROR_CODES.offline, OFFLINE_MESSAGE)
  }
}

/**
 * Runs `send` with the session's access token (refreshed first when about to
 * expire). When a call that carried a token is answered 401, the session is
 * refreshed once (or another tab's newer token taken) and the call repeated once.
 */
async function withSession<R extends { status: number }>(
  auth: boolean,
  send: (token: string | null) => Promise<R>,
): Promise<R> {
  const token = auth ? await sessionStore.freshAccessToken() : null
  const first = await send(token)
  if (first.status !== 401 || token === null) return first
  const renewed = await sessionStore.recoverFromUnauthorized(token)
  if (renewed === null) return first
  return send(renewed)
}

/** Sends a request to `/api/v1{path}` and returns the response when it is 2xx; throws `ApiError` otherwise. */
async function request(path: string, init: ApiRequestInit, accept: string): Promise<Response> {
  const { json, headers: extraHeaders, auth = true, ...rest } = init
  const baseHeaders = new Headers(extraHeaders)
  if (!baseHeaders.has('Accept')) baseHeaders.set('Accept', accept)
  let body = rest.body
  if (json !== undefined) {
    baseHeaders.set('Content-Type', 'application/json')
    body = JSON.stringify(json)
  }
  const sendToken = auth && !baseHeaders.has('Authorization')
  refuseChangeOffline(rest.method)

  const response = await withSession(sendToken, async (token) => {
    const headers = new Headers(baseHeaders)
    if (token !== null) headers.set('Authorization', `Bearer ${token}`)
    try {
      const answer = await fetch(`${API_BASE_PATH}${path}`, { ...rest, body, headers })
      networkStatus.reportAnswer()
      return answer
    } catch (cause) {
      if (cause instanceof DOMException && cause.name === 'AbortError') throw cause
      networkStatus.reportNoAnswer()
      throw networkError()
    }
  })
  if (!response.ok) throw await toApiError(response)
  return response
}

/** Parses a successful answer's JSON (`undefined` for an empty body). */
function parseJson<T>(status: number, text: string): T {
  if (text === '') return undefined as T
  try {
    return JSON.parse(text) as T
  } catch {
    throw new ApiError(status, CLIENT_ERROR_CODES.invalidJson, 'The server sent an answer that could not be read.')
  }
}

/**
 * Calls the JobTap API at `/api/v1{path}` and returns the parsed JSON answer
 * (`undefined` for 204). Sends the session's bearer token when signed in.
 * Every failure, including a lost connection, is thrown as an `ApiError`.
 */
export async function apiFetch<T>(path: string, init: ApiRequestInit = {}): Promise<T> {
  const response = await request(path, init, 'application/json')
  if (response.status === 204) return undefined as T
  return parseJson<T>(response.status, await response.text())
}

/** Downloads `/api/v1{path}` as a blob (an avatar, a document), with the session's token. */
export async function apiBlob(path: string, init: ApiRequestInit = {}): Promise<Blob> {
  const response = await request(path, init, '*/*')
  return response.blob()
}

/** Upload progress: bytes sent so far and the total (0 while unknown). */
export type UploadProgress = { loaded: number; total: number }

export type ApiUploadOptions = {
  onProgress?: (progress: UploadProgress) => void
  signal?: AbortSignal
  method?: 'POST' | 'PUT'
  /** Extra request headers, e.g. `Idempotency-Key`. */
  headers?: Record<string, string>
}

type XhrAnswer = { status: number; statusText: string; text: string; contentType: string | null }

function xhrSend(url: string, method: string, body: FormData | string, token: string | null, options: ApiUploadOptions) {
  return new Promise<XhrAnswer>((resolve, reject) => {
    const { signal, onProgress } = options
    if (signal?.aborted) {
      reject(new DOMException('The upload was aborted.', 'AbortError'))
      return
    }
    const xhr = new XMLHttpRequest()
    xhr.open(method, url)
    xhr.setRequestHeader('Accept', 'application/json')
    for (const [name, value] of Object.entries(options.headers ?? {})) xhr.setRequestHeader(name, value)
    if (token !== null) xhr.setRequestHeader('Authorization', `Bearer ${token}`)
    if (onProgress) {
      xhr.upload.addEventListener('progress', (event) => {
        onProgress({ loaded: event.loaded, total: event.lengthComputable ? event.total : 0 })
      })
    }
    const onAbort = () => xhr.abort()
    signal?.addEventListener('abort', onAbort, { once: true })
    const done = () => signal?.removeEventListener('abort', onAbort)
    xhr.addEventListener('load', () => {
      done()
      networkStatus.reportAnswer()
      resolve({
        status: xhr.status,
        statusText: xhr.statusText,
        text: xhr.responseText,
        contentType: xhr.getResponseHeader('Content-Type'),
      })
    })
    xhr.addEventListener('error', () => {
      done()
      networkStatus.reportNoAnswer()
      reject(networkError())
    })
    xhr.addEventListener('abort', () => {
      done()
      reject(new DOMException('The upload was aborted.', 'AbortError'))
    })
    xhr.send(body)
  })
}

/**
 * Sends `body` (multipart form data, or text such as JSON with its `Content-Type`
 * in `headers`) to `/api/v1{path}` with XMLHttpRequest, which, unlike fetch,
 * reports upload progress. Token handling and errors are those of `apiFetch`.
 */
export async function apiUpload<T>(path: string, body: FormData | string, options: ApiUploadOptions = {}): Promise<T> {
  const url = `${API_BASE_PATH}${path}`
  refuseChangeOffline(options.method ?? 'POST')
  const answer = await withSession(true, (token) => xhrSend(url, options.method ?? 'POST', body, token, options))
  if (answer.status < 200 || answer.status >= 300) {
    const headers = answer.contentType ? { 'Content-Type': answer.contentType } : undefined
    throw await toApiError(new Response(answer.text, { status: answer.status, statusText: answer.statusText, headers }))
  }
  if (answer.status === 204) return undefined as T
  return parseJson<T>(answer.status, answer.text)
}
