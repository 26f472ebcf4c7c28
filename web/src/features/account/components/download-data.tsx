import { Download, FileArchive } from 'lucide-react'
import { useId, useState } from 'react'
import { Button } from '@/components/button'
import { ProgressBar } from '@/components/progress-bar'
import { ApiError } from '@/lib/api-client'
import { formatFileSize } from '@/lib/file-size'
import { saveBlob } from '@/lib/save-blob'
import { toast } from '@/lib/toast'
import { downloadExport, useExportStatus, useStartExport } from '../api/data-export'

/** Not in the spec: what the section says. */
const MESSAGES = {
  heading: 'Download my data',
  what: 'A zip of everything JobTap keeps about you: your profile, preferences, applications with their letters and the feedback on them, documents and their share links, alerts, notifications and the security log of your account, as one JSON file, with your files beside it.',
  prepare: 'Prepare my data',
  prepareAgain: 'Prepare it again',
  preparing: 'Preparing your data…',
  ready: (size: string, until: string) => `Your data is ready (${size}). You can download it until ${until}.`,
  download: 'Download my data',
  expired: 'Your last download has expired.',
  failed: 'Preparing your data failed.',
  loadFailed: 'Could not check on your data. Please reload the page.',
  startFailed: 'Could not start preparing your data',
  downloadFailed: 'Could not download your data',
} as const

function untilText(ms: number): string {
  return new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(ms))
}

/** The settings page's section for a copy of the user's data: prepared on the server, then downloaded. */
export function DownloadDataSection() {
  const headingId = useId()
  const [downloading, setDownloading] = useState(false)
  const status = useExportStatus()
  const start = useStartExport({
    onError: (error) => {
      console.error(error)
      toast.error(MESSAGES.startFailed, { description: error instanceof ApiError ? error.message : undefined })
    },
  })

  async function download(fileName: string) {
    setDownloading(true)
    try {
      saveBlob(await downloadExport(), fileName)
    } catch (error) {
      console.error(error)
      toast.error(MESSAGES.downloadFailed, { description: error instanceof ApiError ? error.message : undefined })
      void status.refetch()
    } finally {
      setDownloading(false)
    }
  }

  const current = status.data ?? null
  const preparing = current?.state === 'preparing' || start.isPending
  return (
    <section aria-labelledby={headingId} className="mt-10 rounded-2xl border border-slate-200 bg-white p-5">
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        {MESSAGES.heading}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{MESSAGES.what}</p>
      <div aria-live="polite" className="mt-4 space-y-3 text-sm">
        {preparing && <ProgressBar label={MESSAGES.preparing} value={current?.state === 'preparing' ? current.percent : 0} />}
        {current?.state === 'ready' && current.file_name && current.available_until && (
          <p className="text-slate-700">
            {MESSAGES.ready(formatFileSize(current.size_bytes ?? 0), untilText(current.available_until))}
          </p>
        )}
        {current?.state === 'expired' && <p className="text-slate-700">{MESSAGES.expired}</p>}
        {current?.state === 'failed' && <p className="text-red-700">{MESSAGES.failed}</p>}
        {status.isError && <p className="text-red-700">{MESSAGES.loadFailed}</p>}
      </div>
      <div className="mt-4 flex flex-wrap gap-3">
        {current?.state === 'ready' && current.file_name && (
          <Button disabled={downloading} onClick={() => void download(current.file_name ?? 'jobtap-data.zip')}>
            <Download aria-hidden="true" />
            {MESSAGES.download}
          </Button>
        )}
        {/* Stays in place while preparing (so focus stays on it), refusing a second ask. */}
        <Button
          variant={current?.state === 'ready' ? 'outline' : 'primary'}
          aria-disabled={preparing || status.isPending || status.isError}
          onClick={() => {
            if (!preparing && !status.isPending && !status.isError) start.mutate()
          }}
        >
          <FileArchive aria-hidden="true" />
          {current === null || current === undefined ? MESSAGES.prepare : MESSAGES.prepareAgain}
        </Button>
      </div>
    </section>
  )
}
