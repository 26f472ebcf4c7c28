import { CircleAlert, LogIn } from 'lucide-react'
import { ButtonLink } from '@/components/button'
import { Card } from '@/components/card'
import { PageHeader } from '@/components/page-header'
import { paths } from '@/config/paths'
import type { ServerSettings } from '@/entities/server-settings'
import { countText } from '@/lib/count-text'
import type { ImportPreview } from '@/lib/core-worker/import-preview'
import { overImportLimits } from '../limits'

export const IMPORT_TITLE = 'Bulk Import'

/** Shown instead of the importer to visitors without an employer session. */
export function SignInPrompt({ signedIn }: { signedIn: boolean }) {
  return (
    <>
      <PageHeader title={IMPORT_TITLE} back={{ to: paths.home, label: 'Back to Home' }} />
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
export function ImportCounts({ preview }: { preview: ImportPreview }) {
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
export function LimitNotice({ fileBytes, rows, settings }: { fileBytes: number; rows: number; settings: ServerSettings }) {
  const reason = overImportLimits(fileBytes, rows, settings)
  if (reason === null) return null
  return (
    <p role="note" className="flex items-start gap-2 rounded-xl bg-red-50 px-4 py-3 text-sm text-red-800">
      <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      {reason}
    </p>
  )
}
