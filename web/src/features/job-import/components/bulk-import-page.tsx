import { Download, FileSpreadsheet, Upload } from 'lucide-react'
import { useEffect, useId, useRef, useState } from 'react'
import { flushSync } from 'react-dom'
import { useNavigate } from 'react-router'
import { toast } from '@/lib/toast'
import { BrandLogo } from '@/components/brand-logo'
import { Button } from '@/components/button'
import { Card, CardTitle } from '@/components/card'
import { TableSkeleton } from '@/components/skeleton'
import { PageHeader } from '@/components/page-header'
import { paths } from '@/config/paths'
import { ErrorState } from '@/components/list-states'
import { countText, warmCountText } from '@/lib/count-text'
import { useServerSettings, type ServerSettings } from '@/entities/server-settings'
import { getCore } from '@/lib/core-worker'
import { useOffline } from '@/lib/offline/network-status'
import { InterviewerNotice } from '@/components/interviewer-notice'
import { worksEveryJob } from '@/lib/company-role'
import { useSession } from '@/lib/session'
import type { ImportPreview } from '@/lib/core-worker/import-preview'
import { previewCsv, previewFailureToast } from '../api/preview-import'
import { downloadTemplate } from '../api/template'
import { MESSAGES } from '../messages'
import { IMPORT_TITLE, ImportCounts, LimitNotice, SignInPrompt } from './bulk-import-parts'
import { FileDropZone } from './file-drop-zone'
import { useAlreadyPosted } from '../api/already-posted'
import { AlreadyPostedNotice } from './already-posted-notice'
import { AlreadyPostedPanel } from './already-posted-panel'
import { PreviewTable } from './preview-table'
import { ProgressBar } from './progress-bar'
import { useImportRun, type Chosen } from './use-import-run'


type Step =
  | { kind: 'choose' }
  /** `head`: the first rows of a larger file, shown (not final) until the whole file is parsed. */
  | { kind: 'parsing'; file: File; head: ImportPreview | null }
  | { kind: 'preview'; chosen: Chosen; preview: ImportPreview }


/**
 * /employer/bulk-import (spec, employer §2 "Bulk import", §4 CSV import, §5, §8, §9).
 * The route is open (§6: no redirect); importing needs an employer session.
 */
export function BulkImportPage() {
  const { user } = useSession()
  const isEmployer = user?.roles.includes('employer') ?? false
  return (
    <div className="min-h-dvh bg-linear-to-b from-brand-50 to-white">
      <header className="border-b border-slate-200/70 bg-white/80 backdrop-blur">
        <div className="mx-auto flex w-full max-w-6xl items-center px-4 py-3 sm:px-6">
          <BrandLogo />
        </div>
      </header>
      <main className="mx-auto w-full max-w-6xl space-y-6 px-4 py-8 sm:px-6 sm:py-10">
        {!isEmployer ? (
          <SignInPrompt signedIn={user !== null} />
        ) : worksEveryJob(user) ? (
          <BulkImportWithSettings />
        ) : (
          <>
            <PageHeader title={IMPORT_TITLE} back={{ to: paths.employer, label: 'Back to Dashboard' }} />
            <InterviewerNotice title="Interviewers do not import jobs" />
          </>
        )}
      </main>
    </div>
  )
}

/** The page once the server's import limits are known. */
function BulkImportWithSettings() {
  const settings = useServerSettings()
  if (settings.isPending) {
    return (
      <Card>
        <TableSkeleton label="Loading the import settings" rows={3} columns={3} />
      </Card>
    )
  }
  if (settings.isError) {
    return (
      <Card>
        <ErrorState
          title={MESSAGES.settingsFailed}
          detail={settings.error.message}
          retrying={settings.isFetching}
          onRetry={() => void settings.refetch()}
        />
      </Card>
    )
  }
  return <BulkImport settings={settings.data} />
}

/**
 * Download the template, choose or drop a CSV, preview it (parsed in the core
 * worker), then import the valid rows and return to the dashboard.
 */
function BulkImport({ settings }: { settings: ServerSettings }) {
  const navigate = useNavigate()
  // Offline the preview still works (it runs in the core worker); importing needs the server.
  const offline = useOffline()
  const [step, setStep] = useState<Step>({ kind: 'choose' })
  const [invalidOnly, setInvalidOnly] = useState(false)
  const { importing, skipped, runImport, postAgain } = useImportRun(settings)
  const [postAgainRows, setPostAgainRows] = useState<ReadonlySet<number>>(new Set())
  const previewed = step.kind === 'preview' ? step : null
  const alreadyPosted = useAlreadyPosted(
    previewed && { file: previewed.chosen.file, key: previewed.chosen.idempotencyKey },
    previewed?.preview ?? null,
    settings.import_limits,
  )
  /** The latest chosen file's number: a slower parse of an earlier file is dropped. */
  const latest = useRef(0)
  const filterId = useId()

  // The worker loads the wasm and runs the preview code once while the employer
  // looks for the file, so the first rows of the file come back at once; the page
  // loads its number data, so drawing them is not held up by it.
  useEffect(() => {
    warmCountText()
    getCore()
      .warmUpImport()
      .catch((error: unknown) => console.error(error))
  }, [])

  async function choose(file: File) {
    const ticket = ++latest.current
    setStep({ kind: 'parsing', file, head: null })
    setInvalidOnly(false)
    setPostAgainRows(new Set())
    const showHead = (head: ImportPreview) => {
      if (ticket !== latest.current) return
      // Committed now, not batched: `previewCsv` asks for the whole file only once the
      // frame after this call has been drawn, and that frame must hold these rows.
      flushSync(() =>
        setStep((current) => (current.kind === 'parsing' && current.file === file ? { ...current, head } : current)),
      )
    }
    try {
      const { preview, upload } = await previewCsv(file, settings, showHead)
      if (ticket !== latest.current) return
      setStep({ kind: 'preview', chosen: { file, upload, idempotencyKey: crypto.randomUUID() }, preview })
      if (preview.invalidCount === 0) toast.success(preview.summary)
      else toast.warning(preview.summary)
    } catch (error) {
      if (ticket !== latest.current) return
      console.error(error)
      setStep({ kind: 'choose' })
      const { title, description } = previewFailureToast(error)
      toast.error(title, { description })
    }
  }

  async function saveTemplate() {
    try {
      await downloadTemplate()
    } catch (error) {
      console.error(error)
      toast.error(MESSAGES.templateFailed)
    }
  }

  if (skipped !== null) {
    return (
      <>
        <PageHeader title={IMPORT_TITLE} back={{ to: paths.employer, label: 'Back to Dashboard' }} />
        <AlreadyPostedPanel
          message={skipped.message}
          rows={skipped.rows}
          busy={importing !== null}
          onPostAgain={(rows) => void postAgain(skipped.upload, rows)}
          onDone={() => void navigate(paths.employer)}
        />
      </>
    )
  }

  const busy = step.kind === 'parsing' || importing !== null
  /** The table on screen: the whole file's, or the head's while the whole file is parsed. */
  const shown = step.kind === 'preview' ? step.preview : step.kind === 'parsing' ? step.head : null
  const final = step.kind === 'preview' ? step : null

  return (
    <>
      <PageHeader
        title={IMPORT_TITLE}
        description="Post many jobs at once from a CSV file: check the preview, then import the valid rows."
        back={{ to: paths.employer, label: 'Back to Dashboard' }}
        actions={
          <Button variant="outline" onClick={() => void saveTemplate()}>
            <Download aria-hidden="true" />
            Download Template
          </Button>
        }
      />

      <Card>
        <CardTitle as="h2">Upload a CSV file</CardTitle>
        <div className="mt-4">
          <FileDropZone onFile={(file) => void choose(file)} limitsText={settings.import_limits_text} disabled={busy} />
        </div>
        {step.kind === 'parsing' && <ProgressBar className="mt-4" label={`Parsing ${step.file.name}`} value={null} />}
      </Card>

      {/* The preview's shape while the first file is parsed, so the page does not jump when it arrives. */}
      {step.kind === 'parsing' && shown === null && (
        <Card>
          <TableSkeleton label="Preparing the preview" rows={6} columns={7} />
        </Card>
      )}

      {shown !== null && (
        <Card className="space-y-5">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <CardTitle as="h2" className="flex items-center gap-2">
              <FileSpreadsheet aria-hidden="true" className="size-5 text-brand-600" />
              Preview
            </CardTitle>
            <span className="truncate text-sm text-slate-500">
              {final ? final.chosen.file.name : step.kind === 'parsing' && step.file.name}
            </span>
          </div>

          {final ? (
            <>
              <ImportCounts preview={final.preview} />

              {final.preview.warnings.length > 0 && (
                <ul aria-label="Warnings" className="space-y-1 rounded-xl bg-amber-50 px-4 py-3 text-sm text-amber-800">
                  {final.preview.warnings.map((warning) => (
                    <li key={warning}>{warning}</li>
                  ))}
                </ul>
              )}

              <LimitNotice fileBytes={final.chosen.file.size} rows={final.preview.rowCount} settings={settings} />

              <AlreadyPostedNotice rows={alreadyPosted.data ?? []} ticked={postAgainRows} onTick={setPostAgainRows} />
            </>
          ) : (
            <p role="status" className="rounded-xl bg-slate-50 px-4 py-3 text-sm text-slate-600">
              Parsing… showing the first {countText(shown.rowCount)} rows until the whole file is read.
            </p>
          )}

          <div className="flex items-center gap-2">
            <input
              id={filterId}
              type="checkbox"
              checked={final !== null && invalidOnly}
              disabled={final === null || final.preview.invalidCount === 0}
              onChange={(event) => setInvalidOnly(event.target.checked)}
              className="size-4 rounded border-slate-300 accent-brand-600"
            />
            <label htmlFor={filterId} className="text-sm font-medium text-slate-800">
              Show invalid rows only
            </label>
          </div>

          <PreviewTable preview={shown} invalidOnly={final !== null && invalidOnly} />

          {importing !== null && (
            <ProgressBar
              label={importing.percent === null ? 'Saving jobs' : 'Uploading jobs'}
              value={importing.percent}
            />
          )}

          <div className="flex flex-wrap justify-end gap-3">
            <Button
              onClick={() => {
                if (final) void runImport(final.chosen, final.preview, [...postAgainRows].sort((a, b) => a - b))
              }}
              disabled={final === null || importing !== null || offline}
              aria-busy={importing !== null}
            >
              <Upload aria-hidden="true" />
              {importing !== null ? 'Importing…' : 'Import Valid Jobs'}
            </Button>
          </div>
        </Card>
      )}
    </>
  )
}

