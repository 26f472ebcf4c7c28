import type { QueryClient } from '@tanstack/react-query'
import { ApiError, CLIENT_ERROR_CODES } from '@/lib/api-client'
import { getCore } from '@/lib/core-worker'
import { networkStatus } from '@/lib/offline/network-status'
import { shareUrl } from '../format'
import { MESSAGES } from '../messages'
import { createShareLink, type NewShareLink } from './documents'
import { QR_LINK_QUERY_PREFIX } from '@/entities/query-keys'
import { SHARE_LINK_DEFAULT_DAYS } from '@/generated/catalogue'

/** How long a QR code's link lasts (the server's default). */
export const QR_LINK_DAYS = SHARE_LINK_DEFAULT_DAYS

/** A share link with its address and QR image. */
export type SharedQr = { link: NewShareLink; url: string; png: Blob }

/** The last link made on this device for a document, kept (per user, for offline use) to draw its code again. */
export type SavedQrLink = { link: NewShareLink; url: string }

/** The query key of a document's saved link (persisted with the offline data). */
export function savedQrLinkKey(documentId: string) {
  return [...QR_LINK_QUERY_PREFIX, documentId] as const
}

/**
 * Creates a share link for `documentId` and draws its QR code in the core
 * worker (PNG, 300 px wide, margin 2; spec, candidate §9). The code is drawn on
 * this device: no third-party QR service sees the link.
 */
export async function createSharedQr(documentId: string, origin: string): Promise<SharedQr> {
  const link = await createShareLink(documentId, QR_LINK_DAYS)
  const url = shareUrl(origin, link.path)
  return { link, url, png: await qrPngOf(url) }
}

async function qrPngOf(url: string): Promise<Blob> {
  const bytes = await getCore().qrPng(url)
  return new Blob([bytes], { type: 'image/png' })
}

/** The saved link when it still opens: not revoked here and not yet expired. */
export function usableSavedLink(saved: SavedQrLink | undefined, nowMs: number): SavedQrLink | null {
  if (saved === undefined || saved.link.revoked_at !== null || saved.link.expires_at <= nowMs) return null
  return saved
}

/** A QR code and whether it is the saved link's, drawn again offline. */
export type MadeQr = SharedQr & { offlineCopy: boolean }

/**
 * Online: a fresh link and its code (the link is saved). Offline, or when the
 * server does not answer: the code of the last link made on this device for
 * this document, while it still works; without one the failure says why.
 */
export async function makeQr(queryClient: QueryClient, documentId: string, origin: string): Promise<MadeQr> {
  if (!networkStatus.isOffline()) {
    try {
      const shared = await createSharedQr(documentId, origin)
      queryClient.setQueryData<SavedQrLink>(savedQrLinkKey(documentId), { link: shared.link, url: shared.url })
      return { ...shared, offlineCopy: false }
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 0)) throw error
    }
  }
  const saved = usableSavedLink(queryClient.getQueryData<SavedQrLink>(savedQrLinkKey(documentId)), Date.now())
  if (saved === null) throw new ApiError(0, CLIENT_ERROR_CODES.offline, MESSAGES.qrNeedsConnection)
  return { ...saved, png: await qrPngOf(saved.url), offlineCopy: true }
}

/** After link `linkId` was revoked: its code is not drawn again offline. */
export function forgetSavedQr(queryClient: QueryClient, documentId: string, linkId: string): void {
  const saved = queryClient.getQueryData<SavedQrLink>(savedQrLinkKey(documentId))
  if (saved?.link.id === linkId) queryClient.removeQueries({ queryKey: savedQrLinkKey(documentId), exact: true })
}
