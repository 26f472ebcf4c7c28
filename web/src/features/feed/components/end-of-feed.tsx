import { BellRing, RotateCcw } from 'lucide-react'
import { useState, type FormEvent } from 'react'
import { toast } from '@/lib/toast'
import { Button } from '@/components/button'
import { Dialog } from '@/components/dialog'
import { TextField } from '@/components/form-field'
import { ApiError } from '@/lib/api-client'
import { useSubscribeToAlerts } from '../api/subscribe-alerts'
import { MESSAGES } from '../messages'

/**
 * After the last job: "No more jobs available" at once, with what the candidate can do about it:
 * job alerts ("No More Jobs Available Right Now", the spec's dialog) or Start Over. The spec's
 * 30 s of "Looking for more opportunities..." searched nothing, so it is not shown.
 */
export function EndOfFeed({ email, onStartOver }: { email: string; onStartOver: () => void }) {
  const [offering, setOffering] = useState(false)

  return (
    <div className="flex h-(--feed-card-height,600px) w-full flex-col items-center justify-center overflow-y-auto rounded-3xl border border-dashed border-slate-300 bg-white/70 p-6 text-center">
      <BellRing aria-hidden="true" className="size-12 shrink-0 text-brand-600" />
      <p role="status" className="mt-4 text-lg font-semibold text-slate-900">
        {MESSAGES.noMoreJobs}
      </p>
      <p className="mt-1 max-w-xs text-sm text-slate-600">{MESSAGES.endOfFeed}</p>
      <div className="mt-6 flex flex-col items-stretch gap-3">
        <Button onClick={() => setOffering(true)} aria-haspopup="dialog">
          <BellRing aria-hidden="true" />
          {MESSAGES.getAlerts}
        </Button>
        <Button variant="outline" onClick={onStartOver}>
          <RotateCcw aria-hidden="true" />
          Start Over
        </Button>
      </div>
      <p className="mt-3 max-w-xs text-xs text-slate-500">{MESSAGES.startOverHint}</p>
      <SubscribeDialog open={offering} defaultEmail={email} onClose={() => setOffering(false)} />
    </div>
  )
}

/** "No More Jobs Available Right Now": an e-mail address to be told about new jobs. */
function SubscribeDialog({ open, defaultEmail, onClose }: { open: boolean; defaultEmail: string; onClose: () => void }) {
  const [address, setAddress] = useState(defaultEmail)
  const subscribe = useSubscribeToAlerts()
  const formId = 'job-alerts-form'

  async function submit(event: FormEvent) {
    event.preventDefault()
    if (address.trim() === '') {
      toast.error(MESSAGES.emailRequired)
      return
    }
    try {
      const { email } = await subscribe.mutateAsync(address.trim())
      toast.success(MESSAGES.subscribed, { description: MESSAGES.confirmAlerts(email) })
      onClose()
    } catch (error) {
      console.error(error)
      if (error instanceof ApiError && error.status === 422) toast.error(error.firstFieldMessage('email') ?? error.message)
      else toast.error(MESSAGES.subscribeFailed, { description: error instanceof ApiError ? error.message : undefined })
    }
  }

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={MESSAGES.noMoreTitle}
      description="Leave your email and we will send you new jobs that fit you, at most once a day."
      actions={
        <Button type="submit" form={formId} disabled={subscribe.isPending}>
          <BellRing aria-hidden="true" />
          {subscribe.isPending ? 'Subscribing…' : 'Notify Me'}
        </Button>
      }
    >
      <form id={formId} noValidate onSubmit={(event) => void submit(event)}>
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          value={address}
          onChange={(event) => setAddress(event.target.value)}
        />
      </form>
    </Dialog>
  )
}
