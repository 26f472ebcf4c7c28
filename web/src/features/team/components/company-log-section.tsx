import { Download } from 'lucide-react'
import { useId, useState } from 'react'
import { Button } from '@/components/button'
import { ApiError } from '@/lib/api-client'
import { saveBlob } from '@/lib/save-blob'
import { toast } from '@/lib/toast'
import { formatDateTime } from '@/lib/date-time'
import {
  COMPANY_LOG_FILE_NAME,
  downloadCompanyLogCsv,
  useCompanyLog,
  type CompanyLogEntry,
} from '../api/company-log'

/** Not in the spec: what the section says. Refusals are the server's words. */
const MESSAGES = {
  heading: 'Company log',
  what: 'Who on your team did what, newest first.',
  empty: 'Nothing recorded yet.',
  loadFailed: 'Could not load the company log',
  more: 'Show more',
  loadingMore: 'Loading…',
  download: 'Download CSV',
  downloadFailed: 'Could not download the company log',
  server: 'JobTap',
} as const

/** Who acted: their name, else their address, else JobTap itself (a retention period running out). */
function actorOf(entry: Pick<CompanyLogEntry, 'actor_name' | 'actor_email'>): string {
  return entry.actor_name.trim() || entry.actor_email.trim() || MESSAGES.server
}

/** An admin's Settings section: the company's log, page by page, and the whole of it as a CSV. */
export function CompanyLogSection() {
  const headingId = useId()
  const log = useCompanyLog()
  const [downloading, setDownloading] = useState(false)
  const entries = log.data?.pages.flatMap((page) => page.entries) ?? []

  async function download() {
    setDownloading(true)
    try {
      saveBlob(await downloadCompanyLogCsv(), COMPANY_LOG_FILE_NAME)
    } catch (error) {
      console.error(error)
      toast.error(MESSAGES.downloadFailed, { description: error instanceof ApiError ? error.message : undefined })
    } finally {
      setDownloading(false)
    }
  }

  return (
    <section aria-labelledby={headingId} className="mt-10 rounded-2xl border border-slate-200 bg-white p-5">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 flex-1 basis-48">
          <h2 id={headingId} className="text-lg font-semibold text-slate-900">
            {MESSAGES.heading}
          </h2>
          <p className="mt-1 text-sm text-slate-600">{MESSAGES.what}</p>
        </div>
        <Button variant="outline" size="sm" disabled={downloading} onClick={() => void download()}>
          <Download aria-hidden="true" />
          {MESSAGES.download}
        </Button>
      </div>
      {log.isError ? (
        <p role="alert" className="mt-4 text-sm text-red-700">
          {MESSAGES.loadFailed}
        </p>
      ) : log.isSuccess && entries.length === 0 ? (
        <p className="mt-4 text-sm text-slate-600">{MESSAGES.empty}</p>
      ) : (
        <ul className="mt-4 divide-y divide-slate-100" aria-busy={log.isPending}>
          {entries.map((entry, index) => (
            <li key={`${entry.at}-${entry.event}-${index}`} className="min-w-0 py-2.5 text-sm">
              <p className="text-xs text-slate-500">
                <time dateTime={new Date(entry.at).toISOString()}>{formatDateTime(entry.at)}</time>
              </p>
              <p className="min-w-0 break-words text-slate-900">
                <span className="font-medium">{actorOf(entry)}</span>
                <span className="text-slate-700"> · {entry.label}</span>
              </p>
            </li>
          ))}
        </ul>
      )}
      {log.hasNextPage && (
        <Button
          className="mt-3"
          variant="ghost"
          size="sm"
          disabled={log.isFetchingNextPage}
          onClick={() => void log.fetchNextPage()}
        >
          {log.isFetchingNextPage ? MESSAGES.loadingMore : MESSAGES.more}
        </Button>
      )}
    </section>
  )
}
