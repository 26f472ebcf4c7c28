// The analytics charts, drawn with Recharts. This module is loaded lazily, so
// the chart library is fetched only when analytics is shown. Each chart is
// decorative for assistive technology: the figures around them carry the
// numbers as text (see analytics-panel.tsx).
import { useId } from 'react'
import {
  Area,
  AreaChart,
  Bar,
  BarChart,
  CartesianGrid,
  Pie,
  PieChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts'
import { BRAND, STATUS_COLOURS, type DayPoint, type LocationPoint, type StatusPoint } from '../chart-data'

const GRID = '#e2e8f0'
const TICK = { fontSize: 12, fill: '#64748b' }

function animate(): boolean {
  return !(typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches)
}

/** Applications per location as vertical bars. */
export function LocationBarChart({ data }: { data: readonly LocationPoint[] }) {
  return (
    <ResponsiveContainer width="100%" height="100%">
      <BarChart data={[...data]} margin={{ top: 8, right: 8, left: -20, bottom: 0 }} accessibilityLayer={false}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} stroke={GRID} />
        <XAxis dataKey="location" tick={TICK} tickLine={false} axisLine={{ stroke: GRID }} interval={0} />
        <YAxis allowDecimals={false} tick={TICK} tickLine={false} axisLine={false} />
        <Tooltip cursor={{ fill: 'rgba(124, 58, 237, 0.06)' }} />
        <Bar
          dataKey="count"
          name="Applications"
          fill={BRAND}
          radius={[6, 6, 0, 0]}
          maxBarSize={56}
          isAnimationActive={animate()}
        />
      </BarChart>
    </ResponsiveContainer>
  )
}

/** Accepted, rejected and pending as a donut. */
export function StatusDonutChart({ data }: { data: readonly StatusPoint[] }) {
  const slices = data.filter((d) => d.count > 0).map((d) => ({ ...d, fill: STATUS_COLOURS[d.bucket] }))
  return (
    <ResponsiveContainer width="100%" height="100%">
      <PieChart accessibilityLayer={false}>
        <Pie
          data={slices}
          dataKey="count"
          nameKey="status"
          innerRadius="58%"
          outerRadius="88%"
          paddingAngle={slices.length > 1 ? 2 : 0}
          stroke="#fff"
          isAnimationActive={animate()}
          // The chart is hidden from assistive technology (its figures are in the text beside it): nothing in it takes focus.
          rootTabIndex={-1}
        />
        <Tooltip />
      </PieChart>
    </ResponsiveContainer>
  )
}

/** Applications per day over the last 30 days. */
export function DailyAreaChart({ data }: { data: readonly DayPoint[] }) {
  const gradientId = `daily-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`
  return (
    <ResponsiveContainer width="100%" height="100%">
      <AreaChart data={[...data]} margin={{ top: 8, right: 8, left: -20, bottom: 0 }} accessibilityLayer={false}>
        <defs>
          <linearGradient id={gradientId} x1="0" y1="0" x2="0" y2="1">
            <stop offset="0%" stopColor={BRAND} stopOpacity={0.35} />
            <stop offset="100%" stopColor={BRAND} stopOpacity={0.02} />
          </linearGradient>
        </defs>
        <CartesianGrid strokeDasharray="3 3" vertical={false} stroke={GRID} />
        <XAxis dataKey="label" tick={TICK} tickLine={false} axisLine={{ stroke: GRID }} minTickGap={24} />
        <YAxis allowDecimals={false} tick={TICK} tickLine={false} axisLine={false} />
        <Tooltip />
        <Area
          type="monotone"
          dataKey="count"
          name="Applications"
          stroke={BRAND}
          strokeWidth={2}
          fill={`url(#${gradientId})`}
          isAnimationActive={animate()}
        />
      </AreaChart>
    </ResponsiveContainer>
  )
}
