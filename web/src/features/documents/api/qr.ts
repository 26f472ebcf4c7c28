import { getCore } from '@/lib/core-worker'
import { shareUrl } from '../format'
import { createShareLink, type NewShareLink } from './documents'

/** How long a QR code's link lasts (the server's default). */
export const QR_LINK_DAYS = 7

/** A share link with its address and QR image. */
export type SharedQr = { link: NewShareLink; url: string; png: Blob }

/**
 * Creates a share link for `documentId` and draws its QR code in the core
 * worker (PNG, 300 px wide, margin 2; spec, candidate §9). The code is drawn on
 * this device: no third-party QR service sees the link.
 */
export async function createSharedQr(documentId: string, origin: string): Promise<SharedQr> {
  const link = await createShareLink(documentId, QR_LINK_DAYS)
  const url = shareUrl(origin, link.path)
  const bytes = await getCore().qrPng(url)
  return { link, url, png: new Blob([bytes], { type: 'image/png' }) }
}
