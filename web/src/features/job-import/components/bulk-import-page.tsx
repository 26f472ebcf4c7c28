import { CircleAlert, Download, FileSpreadsheet, LogIn, Upload } from 'lucide-react'
import { useEffect, useId, useRef, useState } from 'react'
import { flushSync } from 'react-dom'
import { useNavigate } from 'react-router'
import { toast } from '@/lib/toast'
import { BrandLogo } from '@/components/brand-logo'
import { Button, ButtonLink } from '@/components/button'
import { Card, CardTitle } from '@/components/card'
import { TableSkeleton } from '@/components/skeleton'
import { PageHeader } from '@/components/page-header'
import { paths } from '@/config/paths'
import { ErrorState } from '@/components/list-states'
import { countText, warmCountText } from '@/lib/count-text'
import { useServerSettings, type ServerSettings } from '@/entities/server-settings'
import { getCore } from '@/lib/core-worker'
import { useOffline } from '@/lib/offline/network-status'
import { useSession } from '@/lib/session'
import type { ImportPreview } from '@/lib/core-worker/import-preview'
import { previewCsv, previewFailureToast } from '../api/preview-import'
import { downloadTemplate } from '../api/template'
import { overImportLimits } from '../limits'
import { MESSAGES } from '../messages'
import { FileDropZone } from './file-drop-zone'
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
        {isEmployer ? <BulkImportWithSettings /> : <SignInPrompt signedIn={user !== null} />}
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
        <PageHeader title={TITLE} back={{ to: paths.employer, label: 'Back to Dashboard' }} />
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
        title={TITLE}
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
                if (final) void runImport(final.chosen, final.preview)
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

const TITLE = 'Bulk Import'

/** Shown instead of the importer to visitors without an employer session. */
function SignInPrompt({ signedIn }: { signedIn: boolean }) {
  return (
    <>
      <PageHeader title={TITLE} back={{ to: paths.home, label: 'Back to Home' }} />
      <Card className="text-center">
        <span
          aria-hidden="true"
          className="mx-auto flex size-12 items-center justify-center rounded-2xl bg-brand-50 text-brand-600 [&_svg]:size-6"
        >
          <LogIn />
        </span>
        <h2 className="mt-4 text-xl font-semibold text-slate-900">
          {signedIn ? 'Employer account required' : 'Sign in to import jobs'}
        </h2>
        <p className="mx-auto mt-2 max-w-md text-slate-600">
          {signedIn
            ? 'Jobs are imported into an employer account. Sign in with one to continue.'
            : 'Imported jobs are posted from your employer account, so we know which company is hiring.'}
        </p>
        <ButtonLink to={paths.employerAuth} className="mt-6">
          Sign in as an employer
        </ButtonLink>
      </Card>
    </>
  )
}

/** Valid, invalid and total rows. */
function ImportCounts({ preview }: { preview: ImportPreview }) {
  const items = [
    { label: 'Valid jobs', value: preview.validCount, className: 'text-emerald-700' },
    { label: 'Invalid jobs', value: preview.invalidCount, className: 'text-red-700' },
    { label: 'Total rows', value: preview.rowCount, className: 'text-slate-900' },
  ]
  return (
    <dl className="grid grid-cols-3 gap-3">
      {items.map((item) => (
        <div key={item.label} className="rounded-xl border border-slate-200 px-4 py-3">
          <dt className="text-xs font-medium text-slate-500">{item.label}</dt>
          <dd className={`text-2xl font-bold ${item.className}`}>{countText(item.value)}</dd>
        </div>
      ))}
    </dl>
  )
}

/** Shown when the file is more than one import takes; the import button then explains it too. */
function LimitNotice({ fileBytes, rows, settings }: { fileBytes: number; rows: number; settings: ServerSettings }) {
  const reason = overImportLimits(fileBytes, rows, settings)
  if (reason === null) return null
  return (
    <p role="note" className="flex items-start gap-2 rounded-xl bg-red-50 px-4 py-3 text-sm text-red-800">
      <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      {reason}
    </p>
  )
}
