import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ApiError, apiFetch, apiUpload, CLIENT_ERROR_CODES, OFFLINE_MESSAGE } from './api-client'
import { networkStatus } from './offline/network-status'

// Offline the app is read-only: changes are refused before anything is sent; reads are tried.

function setOnLine(value: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(value)
}

describe('the API client offline', () => {
  let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>

  beforeEach(() => {
    fetchMock = vi.fn<typeof fetch>()
    vi.stubGlobal('fetch', fetchMock)
  })

  afterEach(() => {
    vi.unstubAllGlobals()
    networkStatus.reportAnswer()
  })

  it.each(['POST', 'PUT', 'PATCH', 'DELETE'])('refuses a %s without sending it', async (method) => {
    setOnLine(false)
    const failure = apiFetch('/applications', { method, auth: false })
    await expect(failure).rejects.toBeInstanceOf(ApiError)
    await expect(failure).rejects.toMatchObject({ status: 0, code: CLIENT_ERROR_CODES.offline, message: OFFLINE_MESSAGE })
    expect(fetchMock).not.toHaveBeenCalled()
  })

  it('refuses an upload without opening a request', async () => {
    setOnLine(false)
    const open = vi.spyOn(XMLHttpRequest.prototype, 'open')
    await expect(apiUpload('/documents', new FormData())).rejects.toMatchObject({ code: CLIENT_ERROR_CODES.offline })
    expect(open).not.toHaveBeenCalled()
  })

  it('still tries a read (the answer may come from a cache)', async () => {
    setOnLine(false)
    fetchMock.mockResolvedValue(new Response('{"ok":true}', { status: 200 }))
    await expect(apiFetch('/health', { auth: false })).resolves.toEqual({ ok: true })
  })

  it('marks the app offline when a call gets no answer, and online again when one does', async () => {
    setOnLine(true)
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'))
    await expect(apiFetch('/jobs', { auth: false })).rejects.toMatchObject({ code: CLIENT_ERROR_CODES.network })
    expect(networkStatus.isOffline()).toBe(true)

    fetchMock.mockResolvedValueOnce(new Response(null, { status: 204 }))
    await apiFetch('/jobs', { auth: false })
    expect(networkStatus.isOffline()).toBe(false)
  })

  it('sends changes when online', async () => {
    setOnLine(true)
    fetchMock.mockResolvedValue(new Response(null, { status: 204 }))
    await apiFetch('/applications/a1', { method: 'DELETE', auth: false })
    expect(fetchMock).toHaveBeenCalledTimes(1)
  })
})
