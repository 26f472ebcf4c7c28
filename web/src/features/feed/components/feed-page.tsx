import { ConfirmEmailBanner } from '@/components/confirm-email-banner'
import { useQueryClient } from '@tanstack/react-query'
import { ArrowRight, Heart, Link2, Undo2, X } from 'lucide-react'
import { useCallback, useEffect, useMemo, useRef, type ReactNode } from 'react'
import { useSearchParams } from 'react-router'
import { toast } from '@/lib/toast'
import { Button } from '@/components/button'
import { ErrorState } from '@/components/list-states'
import { LiveAnnouncer } from '@/components/live-announcer'
import { CardSkeleton } from '@/components/skeleton'
import { ApiError } from '@/lib/api-client'
import { useSession } from '@/lib/session'
import { useAnnouncer } from '@/lib/use-announcer'
import { useSettledOrTouched } from '@/lib/when-settled-or-touched'
import { FEED_QUERY_KEY } from '@/entities/query-keys'
import { feedOrderOf, feedSearchOf, forgetEarlyFeed, type FeedOrder } from '../api/first-page'
import { useFeed } from '../api/get-feed'
import { clearRejections, rejectJob, unrejectJob } from '../api/rejections'
import { copyJobLink } from '../copy-job-link'
import { MESSAGES } from '../messages'
import { ApplyMethodDialog } from './apply-method-dialog'
import { ApplyOverlay } from './apply-overlay'
import { EndOfFeed } from './end-of-feed'
import { ActionButton, GestureHint } from './feed-controls'
import { FeedHeader } from './feed-header'
import { FeedSearch, NoMatches } from './feed-search'
import { FinishProfileNote } from './finish-profile-note'
import { JobCard } from './job-card'
import { OrderSwitch } from './order-switch'
import { SwipeCard, type SwipeAction } from './swipe-card'
import { useApplyFlow } from './use-apply-flow'
import { useNeedsProfile } from './use-needs-profile'
import { withSearch } from '../search-draft'
import { useFeedKeys } from './use-feed-keys'
import { useFeedPosition } from './use-feed-position'

/** Cards left before the end of the loaded pages when the next page is fetched. */
const PREFETCH_AHEAD = 3

/**
 * The swipe feed (spec, candidate §2 "Swipe feed", §4): one card at a time.
 * Drag left rejects, right goes to the next job, down copies the link (and stays); double
 * tap (or the apply button, or Enter) applies. Arrow keys swipe, Backspace
 * undoes the last swipe.
 */
export function FeedPage() {
  const { user } = useSession()
  // The order lives in the address (?order=best), so a reload or a shared link keeps it.
  const [params, setParams] = useSearchParams()
  const order = feedOrderOf(params)
  // So is the search (`?q=pharmacist&place=Bulawayo&min_salary=1000`).
  const search = feedSearchOf(params)
  const feed = useFeed(order, search)
  const queryClient = useQueryClient()
  const jobs = useMemo(() => feed.data?.pages.flatMap((page) => page.jobs) ?? [], [feed.data])
  const { index, canUndo, undoDepth, advancePast, undo, reset } = useFeedPosition(jobs)
  const job = jobs[index]
  // Each outcome is also said in the card's own live region: toasts come and go, and a
  // screen reader may miss one while it reads the new card.
  const { message: announcement, announce } = useAnnouncer()
  const flow = useApplyFlow(advancePast, announce)
  const needsProfile = useNeedsProfile()
  const { isError, error, hasNextPage, isFetchingNextPage, fetchNextPage } = feed

  useEffect(() => {
    if (!isError) return
    console.error(error)
    toast.error(MESSAGES.loadFailed, { id: 'feed-load-failed', description: error instanceof ApiError ? error.message : undefined })
  }, [isError, error])

  // The first page is short (the first card waits for it); a full one follows once the page has
  // settled, so a feed opened and then taken offline still holds a page's worth of jobs.
  const settled = useSettledOrTouched()
  const pagesLoaded = feed.data?.pages.length ?? 0
  useEffect(() => {
    const nearTheEnd = index >= jobs.length - PREFETCH_AHEAD
    const firstPageOnly = settled && pagesLoaded === 1
    if ((nearTheEnd || firstPageOnly) && hasNextPage && !isFetchingNextPage) void fetchNextPage()
  }, [index, jobs.length, settled, pagesLoaded, hasNextPage, isFetchingNextPage, fetchNextPage])

  const act = useCallback(
    (action: SwipeAction | 'copyLinkAndStay' | 'apply') => {
      if (!job || flow.busy) return
      switch (action) {
        case 'reject':
          toast(MESSAGES.rejected)
          announce(MESSAGES.rejected)
          advancePast(job, { rejected: true })
          rejectJob(job.id).catch((err: unknown) => {
            console.error(err)
            toast.error(MESSAGES.rejectNotSaved)
          })
          break
        case 'next':
          announce(MESSAGES.skipped)
          advancePast(job)
          break
        case 'copyLink':
          void copyJobLink(job).then((copied) => announce(copied ? MESSAGES.linkCopied : MESSAGES.copyFailed))
          advancePast(job)
          break
        case 'copyLinkAndStay':
          void copyJobLink(job).then((copied) => announce(copied ? MESSAGES.linkCopied : MESSAGES.copyFailed))
          break
        case 'apply':
          // Refused on the server too; the note under the card says what to do.
          if (!needsProfile) flow.start(job)
          break
      }
    },
    [job, flow, advancePast, announce, needsProfile],
  )

  // A swipe down only copies the link: the job being shared stays on screen. The Copy button and ↓
  // still move on to the next job, as the spec's "each gesture advances the index" reads.
  const swipe = useCallback((action: SwipeAction) => act(action === 'copyLink' ? 'copyLinkAndStay' : action), [act])

  const rejectRef = useRef<HTMLButtonElement>(null)
  const undoRef = useRef<HTMLButtonElement>(null)
  // Undoing the last swipe left disables the focused Undo button, which would drop focus to
  // the page: once it is disabled, focus goes to the card's first action instead.
  const refocusAfterUndo = useRef(false)
  const undoSwipe = useCallback(() => {
    refocusAfterUndo.current = undoDepth === 1 && document.activeElement === undoRef.current
    const undone = undo()
    announce(MESSAGES.undone)
    if (undone?.rejectedJobId) {
      unrejectJob(undone.rejectedJobId).catch((err: unknown) => {
        // A job that is gone meanwhile has nothing to undo.
        if (err instanceof ApiError && err.status === 404) return
        console.error(err)
        toast.error(MESSAGES.undoNotSaved)
      })
    }
  }, [undo, undoDepth, announce])

  useEffect(() => {
    if (canUndo || !refocusAfterUndo.current) return
    refocusAfterUndo.current = false
    rejectRef.current?.focus()
  }, [canUndo])

  // "Start Over" is the deliberate way back to rejected jobs: the server forgets them first.
  const startOver = useCallback(() => {
    clearRejections()
      .catch((err: unknown) => {
        console.error(err)
        toast.error(MESSAGES.startOverFailed)
      })
      .finally(() => {
        reset()
        forgetEarlyFeed()
        void queryClient.resetQueries({ queryKey: FEED_QUERY_KEY })
      })
  }, [reset, queryClient])

  const changeOrder = useCallback(
    (next: FeedOrder) => {
      if (next === order) return
      reset()
      setParams(
        (current) => {
          const updated = new URLSearchParams(current)
          if (next === 'best_match') updated.set('order', 'best')
          else updated.delete('order')
          return updated
        },
        { replace: true },
      )
    },
    [order, reset, setParams],
  )

  const changeSearch = useCallback(
    (next: string) => {
      if (next === search) return
      reset()
      setParams((current) => withSearch(current, next))
    },
    [search, reset, setParams],
  )

  useFeedKeys({ act, undo: flow.busy || !canUndo ? null : undoSwipe })

  const ended = !feed.isPending && !isError && job === undefined && !hasNextPage && !isFetchingNextPage

  let stage: ReactNode
  if (feed.isPending || (job === undefined && isFetchingNextPage)) {
    stage = <CardSkeleton label="Loading jobs" className="h-(--feed-card-height,600px)" />
  } else if (isError && job === undefined) {
    stage = (
      <ErrorState
        className="flex h-(--feed-card-height,600px) flex-col items-center justify-center rounded-3xl p-8"
        title={MESSAGES.loadFailed}
        detail={error instanceof ApiError ? error.message : undefined}
        retrying={feed.isFetching}
        onRetry={() => void feed.refetch()}
      />
    )
  } else if (ended && search !== '' && jobs.length === 0) {
    stage = <NoMatches email={user?.email ?? ''} search={search} onClear={() => changeSearch('')} />
  } else if (ended) {
    stage = <EndOfFeed email={user?.email ?? ''} search={search} onStartOver={startOver} />
  } else if (job) {
    stage = (
      <SwipeCard key={job.id} onSwipe={swipe} onDoubleTap={() => act('apply')} disabled={flow.busy}>
        <JobCard job={job} />
      </SwipeCard>
    )
  }

  return (
    <div className="min-h-dvh overflow-x-clip bg-linear-to-b from-brand-50 to-white">
      <title>{`${MESSAGES.title} · JobTap`}</title>
      <FeedHeader />
      {/* The spec's card is 600 px tall; on a phone it gives up what the header, the search, the order
          switch and the action buttons need, so Reject, Apply and Next are on the first screen. */}
      <main className="mx-auto flex w-full max-w-md flex-col items-center gap-5 px-4 py-6 max-sm:gap-3 max-sm:pt-3 max-sm:[--feed-card-height:max(20rem,min(600px,calc(100svh-20rem)))]">
        <ConfirmEmailBanner />
        <FeedSearch key={search} search={search} onSearch={changeSearch} />
        <OrderSwitch order={order} onChange={changeOrder} />
        <div className="relative w-full" aria-busy={flow.applying}>
          {stage}
          <ApplyOverlay overlay={flow.overlay} />
          <LiveAnnouncer message={announcement} data-testid="feed-announcer" />
        </div>

        {needsProfile && <FinishProfileNote />}
        <div className="flex items-center justify-center gap-3 sm:gap-4" role="group" aria-label="Job actions">
          <ActionButton ref={rejectRef} label="Reject job" onClick={() => act('reject')} disabled={!job || flow.busy} className="text-red-600">
            <X aria-hidden="true" />
          </ActionButton>
          <ActionButton
            label="Apply to job"
            onClick={() => act('apply')}
            disabled={!job || flow.busy || flow.offline || needsProfile}
            className="size-16 bg-linear-to-br from-brand-600 to-accent-500 text-white shadow-lg shadow-brand-600/30 hover:brightness-110"
          >
            <Heart aria-hidden="true" className="size-7!" />
          </ActionButton>
          <ActionButton label="Copy job link" onClick={() => act('copyLink')} disabled={!job || flow.busy} className="text-sky-600">
            <Link2 aria-hidden="true" />
          </ActionButton>
          <ActionButton label="Next job" onClick={() => act('next')} disabled={!job || flow.busy} className="text-emerald-600">
            <ArrowRight aria-hidden="true" />
          </ActionButton>
        </div>

        <GestureHint />
        <Button ref={undoRef} variant="ghost" size="sm" onClick={undoSwipe} disabled={!canUndo || flow.busy} aria-keyshortcuts="Backspace">
          <Undo2 aria-hidden="true" />
          Undo last swipe
        </Button>
      </main>

      <ApplyMethodDialog
        job={flow.methodFor}
        onClose={flow.closeMethod}
        letter={flow.letter}
        onLetterChange={flow.setLetter}
        attachments={flow.attachments}
        onAttachmentsChange={flow.setAttachments}
        onApplyWithJobTap={(chosen) => void flow.applyWithJobTap(chosen)}
        onApplyViaEmail={(chosen, address) => void flow.applyViaEmail(chosen, address)}
      />
    </div>
  )
}
