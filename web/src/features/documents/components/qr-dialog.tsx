import { useQueryClient } from '@tanstack/react-query'
import { Ban, Check, Copy, Download, Link2, RotateCcw, Unlink } from 'lucide-react'
import { useCallback, useEffect, useId, useRef, useState } from 'react'
import { toast } from '@/lib/toast'
import { BlobImage } from '@/components/blob-image'
import { Button } from '@/components/button'
import { Dialog } from '@/components/dialog'
import { inputClasses } from '@/components/form-field'
import { ErrorState } from '@/components/list-states'
import { ListSkeleton } from '@/components/skeleton'
import { Spinner } from '@/components/spinner'
import { cn } from '@/lib/cn'
import { useOffline } from '@/lib/offline/network-status'
import { saveBlob } from '@/lib/save-blob'
import type { UserDocument } from '@/entities/documents'
import { revokeShareLink, shareLinksQueryKey, stopSharing, useShareLinks, type ShareLink } from '../api/documents'
import { failureReason } from '../api/errors'
import { forgetSavedQr, makeQr, type MadeQr } from '../api/qr'
import { activeLinks, formatDateTime, qrFileName } from '../format'
import { MESSAGES } from '../messages'

type QrState = { status: 'loading' } | { status: 'error' } | ({ status: 'ready' } & MadeQr)

/**
 * The QR code of a resume (spec, candidate §2 "My Documents"): a fresh 7-day
 * share link, its QR image, the address to copy, the PNG to download, revoking
 * it, and the document's other links still working. Offline it draws the last
 * link made on this device again, read-only.
 */
export function QrDialog({ document, onClose }: { document: UserDocument; onClose: () => void }) {
  const queryClient = useQueryClient()
  const [attempt, setAttempt] = useState(0)
  const [state, setState] = useState<QrState>({ status: 'loading' })
  const [revoked, setRevoked] = useState(false)
  const [revoking, setRevoking] = useState(false)
  const [stopping, setStopping] = useState(false)
  const offline = useOffline()
  // One link per attempt, even when effects run twice (StrictMode in development).
  const startedAttempt = useRef<number | null>(null)

  useEffect(() => {
    if (startedAttempt.current === attempt) return
    startedAttempt.current = attempt
    makeQr(queryClient, document.id, window.location.origin).then(
      (shared) => {
        setState({ status: 'ready', ...shared })
        if (!shared.offlineCopy) void queryClient.invalidateQueries({ queryKey: shareLinksQueryKey(document.id) })
      },
      (error: unknown) => {
        console.error(error)
        toast.error(MESSAGES.qrFailed, { description: failureReason(error) })
        setState({ status: 'error' })
      },
    )
  }, [attempt, document.id, queryClient])

  const newLink = useCallback(() => {
    setRevoked(false)
    setState({ status: 'loading' })
    setAttempt((n) => n + 1)
  }, [])

  const ready = state.status === 'ready' ? state : null

  function downloadQr() {
    if (ready === null || revoked) return
    try {
      saveBlob(ready.png, qrFileName(document.file_name))
      toast.success(MESSAGES.qrDownloaded)
    } catch (error) {
      console.error(error)
      toast.error(MESSAGES.qrFailed)
    }
  }

  async function stopAll() {
    if (stopping) return
    setStopping(true)
    try {
      const ended = await stopSharing(document.id)
      setRevoked(true)
      if (ready !== null) forgetSavedQr(queryClient, document.id, ready.link.id)
      await queryClient.invalidateQueries({ queryKey: shareLinksQueryKey(document.id) })
      toast.success(ended === 1 ? 'Sharing stopped: 1 link ended' : `Sharing stopped: ${ended} links ended`)
    } catch (error) {
      console.error(error)
      toast.error(MESSAGES.stopSharingFailed, { description: failureReason(error) })
    } finally {
      setStopping(false)
    }
  }

  async function revokeCurrent() {
    if (ready === null || revoked || revoking) return
    setRevoking(true)
    try {
      await revokeShareLink(ready.link.id)
      setRevoked(true)
      forgetSavedQr(queryClient, document.id, ready.link.id)
      void queryClient.invalidateQueries({ queryKey: shareLinksQueryKey(document.id) })
    } catch (error) {
      console.error(error)
      toast.error(MESSAGES.revokeFailed, { description: failureReason(error) })
    } finally {
      setRevoking(false)
    }
  }

  return (
    <Dialog
      open
      onClose={onClose}
      title="Resume QR Code"
      description={
        <>
          Anyone who scans this code can download <span className="font-medium">{document.file_name}</span> until the
          link expires or you revoke it.
        </>
      }
      actions={
        <>
          <Button
            variant="outline"
            disabled={ready === null || revoked || revoking || offline}
            onClick={() => void revokeCurrent()}
            className="hover:border-red-400 hover:text-red-700"
          >
            <Ban aria-hidden="true" />
            Revoke link
          </Button>
          <Button disabled={ready === null || revoked} onClick={downloadQr}>
            <Download aria-hidden="true" />
            Download QR
          </Button>
        </>
      }
    >
      <div className="flex flex-col items-center">
        {state.status === 'loading' && (
          <div className="flex aspect-square w-[300px] max-w-full items-center justify-center rounded-xl bg-slate-50 ring-1 ring-slate-200">
            <Spinner label="Generating QR code" className="[&_svg]:size-8" />
          </div>
        )}
        {state.status === 'error' && (
          <div
            role="alert"
            className="flex aspect-square w-[300px] max-w-full flex-col items-center justify-center gap-3 rounded-xl bg-red-50 p-6 text-center ring-1 ring-red-200"
          >
            <p className="font-medium text-red-800">{MESSAGES.qrFailed}</p>
            <Button variant="outline" size="sm" onClick={newLink}>
              <RotateCcw aria-hidden="true" />
              Try again
            </Button>
          </div>
        )}
        {ready && (
          <div className="relative">
            <BlobImage
              blob={ready.png}
              alt={`QR code linking to ${document.file_name}`}
              width={300}
              height={300}
              data-testid="qr-image"
              className={cn(
                'h-auto w-[300px] max-w-full rounded-xl ring-1 ring-slate-200 [image-rendering:pixelated]',
                revoked && 'opacity-15 grayscale',
              )}
            />
            {revoked && (
              <div className="absolute inset-0 flex items-center justify-center">
                <span className="rounded-full bg-white px-4 py-1.5 text-sm font-semibold text-red-700 shadow ring-1 ring-red-200">
                  Link revoked
                </span>
              </div>
            )}
          </div>
        )}
      </div>

      {ready?.offlineCopy && (
        <p role="note" className="mt-4 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-amber-200">
          {MESSAGES.qrOfflineCopy}
        </p>
      )}
      {ready && <ShareUrl url={ready.url} expiresAt={ready.link.expires_at} revoked={revoked} onNewLink={newLink} />}

      <OtherLinks documentId={document.id} currentLinkId={ready?.link.id} />

      <div className="mt-6 flex flex-wrap items-center justify-between gap-2 border-t border-slate-100 pt-4">
        <p className="min-w-0 flex-1 text-sm text-slate-600">Ends this link and every other link to this file.</p>
        <Button
          variant="outline"
          size="sm"
          disabled={stopping || offline}
          onClick={() => void stopAll()}
          className="hover:border-red-400 hover:text-red-700"
        >
          <Unlink aria-hidden="true" />
          Stop sharing
        </Button>
      </div>
    </Dialog>
  )
}

/** The link as text, with Copy, and its expiry (or that it was revoked). */
function ShareUrl({
  url,
  expiresAt,
  revoked,
  onNewLink,
}: {
  url: string
  expiresAt: number
  revoked: boolean
  onNewLink: () => void
}) {
  const id = useId()
  const inputRef = useRef<HTMLInputElement>(null)
  const [copied, setCopied] = useState(false)

  useEffect(() => {
    if (!copied) return
    const timer = setTimeout(() => setCopied(false), 2000)
    return () => clearTimeout(timer)
  }, [copied])

  async function copy() {
    try {
      await navigator.clipboard.writeText(url)
      setCopied(true)
    } catch {
      // No clipboard permission: select the text so it can be copied by hand.
      inputRef.current?.select()
    }
  }

  return (
    <div className="mt-5">
      <label htmlFor={`${id}-url`} className="mb-1.5 block text-sm font-medium text-slate-800">
        Share link
      </label>
      <div className="flex gap-2">
        <input
          ref={inputRef}
          id={`${id}-url`}
          type="url"
          readOnly
          value={url}
          disabled={revoked}
          onFocus={(e) => e.currentTarget.select()}
          className={cn(inputClasses, 'min-w-0 font-mono text-xs', revoked && 'line-through')}
        />
        <Button
          variant="outline"
          aria-label="Copy share link"
          disabled={revoked}
          onClick={() => void copy()}
          className="h-auto"
        >
          {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
          {copied ? 'Copied' : 'Copy'}
        </Button>
      </div>
      <div className="mt-2 flex flex-wrap items-center justify-between gap-2">
        <p role="status" className={cn('text-sm', revoked ? 'font-semibold text-red-700' : 'text-slate-600')}>
          {revoked ? 'Link revoked' : `Expires ${formatDateTime(expiresAt)}`}
        </p>
        <span role="status" className="sr-only">
          {copied ? 'Link copied' : ''}
        </span>
        {revoked && (
          <Button variant="ghost" size="sm" onClick={onNewLink}>
            <Link2 aria-hidden="true" />
            Create a new link
          </Button>
        )}
      </div>
    </div>
  )
}

/** The document's other links that still open, each with Revoke. */
function OtherLinks({ documentId, currentLinkId }: { documentId: string; currentLinkId: string | undefined }) {
  const headingId = useId()
  const queryClient = useQueryClient()
  const links = useShareLinks(documentId)
  const [now] = useState(Date.now)
  const [revokingId, setRevokingId] = useState<string | null>(null)
  const others = activeLinks(links.data ?? [], now, currentLinkId)

  async function revoke(link: ShareLink) {
    setRevokingId(link.id)
    try {
      await revokeShareLink(link.id)
      forgetSavedQr(queryClient, documentId, link.id)
      queryClient.setQueryData<ShareLink[]>(shareLinksQueryKey(documentId), (old) =>
        old?.map((l) => (l.id === link.id ? { ...l, revoked_at: Date.now() } : l)),
      )
      void queryClient.invalidateQueries({ queryKey: shareLinksQueryKey(documentId) })
    } catch (error) {
      console.error(error)
      toast.error(MESSAGES.revokeFailed, { description: failureReason(error) })
    } finally {
      setRevokingId(null)
    }
  }

  // Offline the query is paused, not loading: no links to show rather than a skeleton that never ends.
  if (links.isPending && links.fetchStatus === 'paused') return null
  if (links.isPending) return <ListSkeleton className="mt-6" label="Loading the other links" rows={1} />
  if (links.isError && links.data === undefined) {
    return (
      <ErrorState
        className="mt-6 p-4"
        title={MESSAGES.shareLinksLoadFailed}
        detail={failureReason(links.error)}
        retrying={links.isFetching}
        onRetry={() => void links.refetch()}
      />
    )
  }
  if (others.length === 0) return null
  return (
    <section aria-labelledby={headingId} className="mt-6 border-t border-slate-100 pt-4">
      <h3 id={headingId} className="text-sm font-semibold text-slate-900">
        Other active links
      </h3>
      <ul className="mt-2 space-y-2">
        {others.map((link) => {
          const created = formatDateTime(link.created_at)
          const expires = formatDateTime(link.expires_at)
          return (
            <li key={link.id} className="flex items-center justify-between gap-3 rounded-lg bg-slate-50 px-3 py-2">
              <span className="min-w-0 text-xs text-slate-600">
                <span className="block">Created {created}</span>
                <span className="block font-medium text-slate-800">Expires {expires}</span>
                <span className="block">
                  Opened {link.use_count} {link.use_count === 1 ? 'time' : 'times'}
                </span>
              </span>
              <Button
                variant="outline"
                size="sm"
                disabled={revokingId === link.id}
                aria-label={`Revoke the link created ${created} (expires ${expires})`}
                onClick={() => void revoke(link)}
              >
                Revoke
              </Button>
            </li>
          )
        })}
      </ul>
    </section>
  )
}
