import { useId, useState, type FormEvent } from 'react'
import { Button } from '@/components/button'
import { inputClasses } from '@/components/form-field'
import { ApiError } from '@/lib/api-client'
import { toast } from '@/lib/toast'
import { useRetention, useSaveRetention } from '../api/retention'

/** Not in the spec: what the section says. */
const MESSAGES = {
  heading: 'Rejected applications',
  what: 'How long JobTap keeps the applications you reject: your notes on them, their history and their place in your searches and analytics. Past the period they are erased for good; candidates keep their own record either way.',
  label: 'Keep rejected applications',
  noLimit: 'With no time limit',
  save: 'Save',
  days: (days: number) => `For ${days} days`,
  failed: 'Could not save your choice',
  loadFailed: 'Could not load this setting',
} as const

/** The employer's choice of how long rejected applications are kept (the periods come from the server). */
export function RejectedRetentionSection() {
  const id = useId()
  const setting = useRetention()
  // The choice being made; saved with the button, so moving through the list saves nothing.
  const [picked, setPicked] = useState<string | null>(null)
  const saved = String(setting.data?.rejected_kept_days ?? '')
  const value = picked ?? saved
  const save = useSaveRetention({
    onSaved: (answer) => {
      setPicked(null)
      toast.success(answer.text)
    },
    onError: (error) => {
      console.error(error)
      toast.error(MESSAGES.failed, { description: error instanceof ApiError ? error.message : undefined })
    },
  })

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (save.isPending || value === saved) return
    save.mutate(value === '' ? null : Number(value))
  }

  return (
    <section aria-labelledby={`${id}-heading`} className="mt-10 rounded-2xl border border-slate-200 bg-white p-5">
      <h2 id={`${id}-heading`} className="text-lg font-semibold text-slate-900">
        {MESSAGES.heading}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{MESSAGES.what}</p>
      {setting.isError ? (
        <p role="alert" className="mt-4 text-sm text-red-700">
          {MESSAGES.loadFailed}
        </p>
      ) : (
        <form className="mt-4" onSubmit={onSubmit}>
          <label htmlFor={id} className="block text-sm font-medium text-slate-800">
            {MESSAGES.label}
          </label>
          <div className="mt-1.5 flex flex-wrap items-center gap-3">
            <select
              id={id}
              className={`${inputClasses} max-w-xs`}
              aria-busy={setting.isPending}
              value={value}
              onChange={(event) => setPicked(event.target.value)}
            >
              <option value="">{MESSAGES.noLimit}</option>
              {(setting.data?.choices ?? []).map((days) => (
                <option key={days} value={days}>
                  {MESSAGES.days(days)}
                </option>
              ))}
            </select>
            <Button type="submit" variant="outline" aria-disabled={value === saved || save.isPending}>
              {MESSAGES.save}
            </Button>
          </div>
        </form>
      )}
    </section>
  )
}
