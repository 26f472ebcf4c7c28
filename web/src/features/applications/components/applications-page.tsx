import { Inbox, RotateCcw, Search } from 'lucide-react'
import { useEffect, useId, useRef, useState } from 'react'
import { useSearchParams } from 'react-router'
import { toast } from '@/lib/toast'
import { AppHeader } from '@/components/app-header'
import { Avatar } from '@/components/avatar'
import { Button, ButtonLink } from '@/components/button'
import { PageHeader } from '@/components/page-header'
import { Skeleton, Spinner } from '@/components/spinner'
import { paths } from '@/config/paths'
import { ApiError } from '@/lib/api-client'
import { useAvatarBlob } from '@/lib/avatar'
import { useSession } from '@/lib/session'
import { useMyApplications, type MyApplication } from '../api/applications'
import { useProfile } from '@/entities/profile'
import { MESSAGES } from '../messages'
import { inTab, panelId, TAB_LABELS, tabId, TABS, type Tab } from '../status'
import { ApplicationCard } from './application-card'
import { DeleteApplicationDialog } from './delete-application-dialog'
import { StatusTabs } from './status-tabs'
import { SummaryCounters } from './summary-counters'

/** My Applications (spec, candidate §2 "Applications"). */
export function ApplicationsPage() {
  return (
    <div className="min-h-dvh bg-linear-to-b from-brand-50 to-white">
      <AppHeader />
      <main className="mx-auto w-full max-w-5xl space-y-6 px-4 py-8 sm:px-6 sm:py-10">
        <PageHeader
          title="My Applications"
          description="Track every job you applied to, what employers said, and how you matched."
          back={{ to: paths.jobs, label: 'Back to Jobs' }}
          actions={<Greeting />}
        />
        <ApplicationsSection />
      </main>
    </div>
  )
}

/** "Hi, {name}!" with the avatar; the session's name stands in until the profile arrives. */
function Greeting() {
  const { user } = useSession()
  const profile = useProfile()
  const name = profile.data?.profile.full_name || user?.fullName || user?.email || ''
  const hasAvatar = profile.data?.profile.has_avatar ?? user?.hasAvatar ?? false
  const avatar = useAvatarBlob(user?.id ?? null, hasAvatar)
  return (
    <p className="flex items-center gap-3 rounded-full bg-white py-1.5 pr-5 pl-1.5 shadow-sm ring-1 ring-slate-200/80">
      <Avatar name={name} image={avatar} className="size-10" />
      <span className="font-semibold text-slate-900">Hi, {name}!</span>
    </p>
  )
}

function parseTab(value: string | null): Tab {
  return TABS.find((tab) => tab === value) ?? 'all'
}

function ApplicationsSection() {
  const baseId = useId()
  const query = useMyApplications()
  const [params, setParams] = useSearchParams()
  const tab = parseTab(params.get('tab'))
  const [toDelete, setToDelete] = useState<MyApplication | null>(null)
  const headingRef = useRef<HTMLHeadingElement>(null)
  const { isError, error } = query

  useEffect(() => {
    if (!isError) return
    console.error(error)
    toast.error(MESSAGES.loadFailed, {
      id: 'applications-load-failed',
      description: error instanceof ApiError ? error.message : undefined,
    })
  }, [isError, error])

  // The tab lives in the address, so a reload or a shared link keeps it.
  function changeTab(next: Tab) {
    setParams(
      (current) => {
        const updated = new URLSearchParams(current)
        if (next === 'all') updated.delete('tab')
        else updated.set('tab', next)
        return updated
      },
      { replace: true },
    )
  }

  // A failed reload keeps the list already shown (the toast says it failed); only a first load shows the error.
  if (query.isError && query.data === undefined) {
    return (
      <div role="alert" className="rounded-2xl border border-red-200 bg-red-50/60 p-8 text-center">
        <p className="font-semibold text-red-800">{MESSAGES.loadFailed}</p>
        {error instanceof ApiError && <p className="mt-1 text-sm text-red-700">{error.message}</p>}
        <Button className="mt-4" variant="outline" disabled={query.isFetching} onClick={() => void query.refetch()}>
          <RotateCcw aria-hidden="true" />
          Retry
        </Button>
      </div>
    )
  }

  const data = query.data
  const shown = data?.applications.filter((a) => inTab(a.status_bucket, tab)) ?? []

  return (
    <section aria-labelledby={`${baseId}-heading`} aria-busy={query.isPending} className="space-y-5">
      <h2 id={`${baseId}-heading`} ref={headingRef} tabIndex={-1} className="sr-only">
        Your applications
      </h2>
      <SummaryCounters counts={data?.counts} />
      {data === undefined ? (
        <>
          <Spinner label="Loading applications" className="sr-only" />
          <CardSkeletons />
        </>
      ) : (
        <>
          <StatusTabs baseId={baseId} value={tab} counts={data.counts} onChange={changeTab} />
          <div id={panelId(baseId)} role="tabpanel" aria-labelledby={tabId(baseId, tab)} className="space-y-4">
            {data.applications.length === 0 ? (
              <EmptyState />
            ) : shown.length === 0 ? (
              <p className="rounded-2xl border border-dashed border-slate-300 px-6 py-10 text-center text-slate-600">
                <Search aria-hidden="true" className="mx-auto mb-2 size-8 text-slate-400" />
                No {TAB_LABELS[tab].toLowerCase()} applications
              </p>
            ) : (
              shown.map((application) => (
                <ApplicationCard key={application.id} application={application} onDelete={setToDelete} />
              ))
            )}
          </div>
        </>
      )}
      <DeleteApplicationDialog
        application={toDelete}
        onClose={() => setToDelete(null)}
        onDeleted={() => setTimeout(() => headingRef.current?.focus(), 0)}
      />
    </section>
  )
}

/** "No applications yet" with Browse Jobs. */
function EmptyState() {
  return (
    <div className="flex flex-col items-center rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center">
      <Inbox aria-hidden="true" className="size-12 text-slate-400" />
      <p className="mt-3 text-lg font-semibold text-slate-900">{MESSAGES.empty}</p>
      <p className="mt-1 max-w-sm text-sm text-slate-600">
        Swipe through jobs and double tap to apply. Your applications will show up here.
      </p>
      <ButtonLink to={paths.jobs} className="mt-5">
        Browse Jobs
      </ButtonLink>
    </div>
  )
}

/** Placeholder cards while the list loads. */
function CardSkeletons() {
  return (
    <div aria-hidden="true" className="space-y-4">
      {[0, 1].map((n) => (
        <div key={n} className="flex gap-4 rounded-2xl border border-slate-200/80 bg-white p-6">
          <Skeleton className="size-14 rounded-xl" />
          <div className="flex-1 space-y-2">
            <Skeleton className="h-5 w-2/5" />
            <Skeleton className="h-4 w-1/4" />
            <Skeleton className="h-4 w-3/5" />
          </div>
        </div>
      ))}
    </div>
  )
}
