import { useNotificationSettings, useSetNotificationSetting } from '@/entities/notifications'
import { ApiError } from '@/lib/api-client'
import { toast } from '@/lib/toast'

/** Not in the spec: what the list says and toasts. */
const MESSAGES = {
  saved: (label: string, on: boolean) => `${label} by e-mail: ${on ? 'on' : 'off'}`,
  saveFailed: 'Could not save your choice',
  loadFailed: 'Could not load your settings',
} as const

/** Each kind of e-mail the signed-in user's role gets, with a box that turns it on or off at once. */
export function EmailSettings() {
  const settings = useNotificationSettings()
  const save = useSetNotificationSetting()

  async function toggle(kind: string, label: string, email: boolean) {
    try {
      await save.mutateAsync({ kind, email })
      toast.success(MESSAGES.saved(label, email))
    } catch (error) {
      console.error(error)
      toast.error(MESSAGES.saveFailed, { description: error instanceof ApiError ? error.message : undefined })
    }
  }

  if (settings.isError) {
    return (
      <p role="alert" className="mt-6 text-red-700">
        {MESSAGES.loadFailed}
      </p>
    )
  }
  return (
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
  )
}
