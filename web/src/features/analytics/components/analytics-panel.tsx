import { BarChart3, CheckCircle2, Clock3, Users, XCircle } from 'lucide-react'
import { lazy, Suspense, useEffect, useId, type ReactNode } from 'react'
import { toast } from '@/lib/toast'
import { ErrorState } from '@/components/list-states'
import { Skeleton, Spinner } from '@/components/spinner'
import { ApiError } from '@/lib/api-client'
import { useEmployerAnalytics, type Analytics } from '../api/analytics'
import { deletedAccountsNote, MESSAGES } from '../messages'
import { StageFunnel } from './stage-funnel'
import { bucketName, dailyData, dailySummary, locationData, STATUS_COLOURS, statusData } from '../chart-data'

// Recharts loads with the first chart shown, not with the dashboard.
const LocationBarChart = lazy(() => import('./charts').then((m) => ({ default: m.LocationBarChart })))
const StatusDonutChart = lazy(() => import('./charts').then((m) => ({ default: m.StatusDonutChart })))
const DailyAreaChart = lazy(() => import('./charts').then((m) => ({ default: m.DailyAreaChart })))


function reason(error: unknown): string | undefined {
  return error instanceof ApiError ? error.message : undefined
}

/**
 * Analytics (spec, employer §2 "Analytics"): four counts, applications by
 * location, the status split and applications over time. Used by the
 * dashboard's Analytics tab and /employer/analytics.
 */
export function AnalyticsPanel() {
  const analytics = useEmployerAnalytics()
  const { isError, error } = analytics

  useEffect(() => {
    if (!isError) return
    console.error(error)
    toast.error(MESSAGES.loadFailed, { id: 'analytics-load-failed', description: reason(error) })
  }, [isError, error])

  if (analytics.isPending) {
    return (
      <div aria-busy="true">
        <Spinner label="Loading analytics" className="sr-only" />
        <div aria-hidden="true" className="grid grid-cols-2 gap-4 lg:grid-cols-4">
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} className="h-24 rounded-2xl" />
          ))}
        </div>
        <div aria-hidden="true" className="mt-4 grid gap-4 lg:grid-cols-2">
          <Skeleton className="h-72 rounded-2xl" />
          <Skeleton className="h-72 rounded-2xl" />
        </div>
      </div>
    )
  }

  if (analytics.isError) {
    return (
      <ErrorState
        title={MESSAGES.loadFailed}
        detail={reason(analytics.error)}
        retrying={analytics.isFetching}
        onRetry={() => void analytics.refetch()}
      />
    )
  }

  if (analytics.data.totalApplications === 0) {
    return (
      <div className="flex flex-col items-center rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-14 text-center">
        <BarChart3 aria-hidden="true" className="size-10 text-slate-400" />
        <p className="mt-3 max-w-sm text-slate-700">{MESSAGES.empty}</p>
      </div>
    )
  }

  return <AnalyticsView data={analytics.data} />
}

function Stat({ label, value, icon, tone }: { label: string; value: number; icon: ReactNode; tone: string }) {
  const id = useId()
  return (
    <div role="group" aria-labelledby={id} className="rounded-2xl border border-slate-200/80 bg-white p-5 shadow-sm">
      <div className="flex items-center justify-between gap-2">
        <p id={id} className="text-sm font-medium text-slate-600">
          {label}
        </p>
        <span aria-hidden="true" className={`flex size-9 items-center justify-center rounded-xl [&_svg]:size-5 ${tone}`}>
          {icon}
        </span>
      </div>
      <p className="mt-2 text-3xl font-bold text-slate-900 tabular-nums">{value}</p>
    </div>
  )
}

/** A titled chart: the chart itself is hidden from assistive technology; `children` give its numbers as text. */
function ChartFigure({
  title,
  chart,
  children,
  className,
}: {
  title: string
  chart: ReactNode
  children: ReactNode
  className?: string
}) {
  const id = useId()
  return (
    <figure
      aria-labelledby={id}
      className={`rounded-2xl border border-slate-200/80 bg-white p-5 shadow-sm ${className ?? ''}`}
    >
      <figcaption id={id} className="text-base font-semibold text-slate-900">
        {title}
      </figcaption>
      <div aria-hidden="true" className="mt-4 h-64 min-w-0">
        <Suspense fallback={<Skeleton className="size-full rounded-xl" />}>{chart}</Suspense>
      </div>
      {children}
    </figure>
  )
}

function percent(count: number, total: number): string {
  return total === 0 ? '0%' : `${Math.round((count / total) * 100)}%`
}

function AnalyticsView({ data }: { data: Analytics }) {
  const locations = locationData(data.locationDistribution)
  const statuses = statusData(data)
  const days = dailyData(data.applicationsPerDay)
  const total = data.totalApplications

  return (
    <div className="space-y-4">
      <div className="grid grid-cols-2 gap-4 lg:grid-cols-4">
        <Stat label="Total Applications" value={total} icon={<Users />} tone="bg-brand-50 text-brand-600" />
        <Stat label={bucketName('accepted')} value={data.acceptedCount} icon={<CheckCircle2 />} tone="bg-emerald-50 text-emerald-600" />
        <Stat label={bucketName('rejected')} value={data.rejectedCount} icon={<XCircle />} tone="bg-red-50 text-red-600" />
        <Stat label={bucketName('pending')} value={data.pendingCount} icon={<Clock3 />} tone="bg-amber-50 text-amber-600" />
      </div>
      {data.fromDeletedAccounts > 0 && (
        <p className="rounded-xl bg-slate-50 px-4 py-3 text-sm text-slate-600">{deletedAccountsNote(data.fromDeletedAccounts)}</p>
      )}

      <div className="grid gap-4 lg:grid-cols-2">
        <ChartFigure title="Applications by location" chart={<LocationBarChart data={locations} />}>
          <ul aria-label="Applications per location" className="mt-4 divide-y divide-slate-100 text-sm">
            {locations.map(({ location, count }) => (
              <li key={location} className="flex items-center justify-between py-2">
                <span className="text-slate-700">{location}</span>
                <span className="font-semibold text-slate-900 tabular-nums">
                  {count} {count === 1 ? 'application' : 'applications'}
                </span>
              </li>
            ))}
          </ul>
        </ChartFigure>

        <ChartFigure title="Application status" chart={<StatusDonutChart data={statuses} />}>
          <ul aria-label="Applications per status" className="mt-4 space-y-2 text-sm">
            {statuses.map(({ bucket, status, count }) => (
              <li key={bucket} className="flex items-center gap-2 rounded-xl bg-slate-50 px-3 py-2">
                <span
                  aria-hidden="true"
                  className="size-3 shrink-0 rounded-full"
                  style={{ backgroundColor: STATUS_COLOURS[bucket] }}
                />
                <span className="text-slate-700">{status}</span>
                <span className="ml-auto font-semibold text-slate-900 tabular-nums">
                  {count} <span className="font-normal text-slate-500">({percent(count, total)})</span>
                </span>
              </li>
            ))}
          </ul>
        </ChartFigure>
      </div>

      <StageFunnel pipeline={data.pipeline} />

      <ChartFigure title="Applications over time" chart={<DailyAreaChart data={days} />}>
        <p className="mt-3 text-sm text-slate-600">{dailySummary(days)}.</p>
        <table className="sr-only">
          <caption>Applications per day, last 30 days</caption>
          <thead>
            <tr>
              <th scope="col">Day</th>
              <th scope="col">Applications</th>
            </tr>
          </thead>
          <tbody>
            {days.map((d) => (
              <tr key={d.day}>
                <th scope="row">{d.label}</th>
                <td>{d.count}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ChartFigure>
    </div>
  )
}
