import { BellRing } from 'lucide-react'
import { AppHeader } from '@/components/app-header'
import { EmployerHeader } from '@/components/employer-header'
import { useNotificationSettings, useSetNotificationSetting } from '@/entities/notifications'
import { DeleteAccountSection } from '@/features/account/components/delete-account'
import { DownloadDataSection } from '@/features/account/components/download-data'
import { RejectedRetentionSection } from '@/features/account/components/rejected-retention'
import { ApiError } from '@/lib/api-client'
import { useSession } from '@/lib/session'
import { toast } from '@/lib/toast'

/** Not in the spec: what the page says and toasts. */
const MESSAGES = {
  title: 'Notifications',
  intro:
    'Choose which e-mails JobTap sends you. The bell at the top of every page shows new applicants and application updates either way.',
  alerts: 'Job alerts are turned on from the end of your feed and off with the link in any alert e-mail.',
  saved: (label: string, on: boolean) => `${label} by e-mail: ${on ? 'on' : 'off'}`,
  saveFailed: 'Could not save your choice',
  loadFailed: 'Could not load your settings',
} as const

/** `/settings/notifications`: each kind of e-mail the user's role gets, on or off. */
export function NotificationSettingsPage() {
  const { user } = useSession()
  const settings = useNotificationSettings()
  const save = useSetNotificationSetting()
  const employer = user?.roles.includes('employer') ?? false

  async function toggle(kind: string, label: string, email: boolean) {
    try {
      await save.mutateAsync({ kind, email })
      toast.success(MESSAGES.saved(label, email))
    } catch (error) {
      console.error(error)
      toast.error(MESSAGES.saveFailed, { description: error instanceof ApiError ? error.message : undefined })
    }
  }

  return (
    <div className="min-h-dvh bg-linear-to-b from-brand-50 to-white">
      <title>{`${MESSAGES.title} · JobTap`}</title>
      {employer ? <EmployerHeader /> : <AppHeader />}
      <main className="mx-auto w-full max-w-2xl px-4 py-8 sm:px-6">
        <div className="flex items-center gap-3">
          <BellRing aria-hidden="true" className="size-7 text-brand-600" />
          <h1 className="text-2xl font-bold tracking-tight text-slate-900">{MESSAGES.title}</h1>
        </div>
        <p className="mt-2 text-slate-600">{MESSAGES.intro}</p>
        {settings.isError ? (
          <p role="alert" className="mt-6 text-red-700">
            {MESSAGES.loadFailed}
          </p>
        ) : (
          <ul className="mt-6 space-y-3" aria-busy={settings.isPending}>
            {(settings.data?.settings ?? []).map((setting) => (
              <li key={setting.kind} className="rounded-2xl border border-slate-200 bg-white p-4">
                <div className="flex items-start gap-3">
                  <input
                    id={`email-${setting.kind}`}
                    type="checkbox"
                    aria-describedby={`email-${setting.kind}-what`}
                    className="mt-1 size-5 cursor-pointer accent-brand-600"
                    checked={setting.email}
                    disabled={save.isPending}
                    onChange={(event) => void toggle(setting.kind, setting.label, event.target.checked)}
                  />
                  <div>
                    <label htmlFor={`email-${setting.kind}`} className="block cursor-pointer font-semibold text-slate-900">
                      {setting.label} by e-mail
                    </label>
                    <p id={`email-${setting.kind}-what`} className="mt-0.5 text-sm text-slate-600">
                      {setting.description}
                    </p>
                  </div>
                </div>
              </li>
            ))}
          </ul>
        )}
        {!employer && <p className="mt-6 text-sm text-slate-600">{MESSAGES.alerts}</p>}
        {employer && <RejectedRetentionSection />}
        <DownloadDataSection />
        <DeleteAccountSection />
      </main>
    </div>
  )
}
