import { BellRing, RotateCcw, SearchCheck } from 'lucide-react'
import { useEffect, useState, type FormEvent } from 'react'
import { toast } from '@/lib/toast'
import { Button } from '@/components/button'
import { Dialog } from '@/components/dialog'
import { TextField } from '@/components/form-field'
import { Spinner } from '@/components/spinner'
import { ApiError } from '@/lib/api-client'
import { useSubscribeToAlerts } from '../api/subscribe-alerts'
import { FEED_WAIT_MS, MESSAGES } from '../messages'

/**
 * After the last job (spec, candidate §4): "Looking for more opportunities..."
 * for 30 s, then the "No More Jobs Available Right Now" dialog to subscribe to
 * job alerts, then "No more jobs available" with Start Over.
 */
export function EndOfFeed({ email, onStartOver }: { email: string; onStartOver: () => void }) {
  const [phase, setPhase] = useState<'waiting' | 'offer' | 'done'>('waiting')

  useEffect(() => {
    if (phase !== 'waiting') return
    const timer = window.setTimeout(() => setPhase('offer'), FEED_WAIT_MS)
    return () => window.clearTimeout(timer)
  }, [phase])

  return (
    <div className="flex h-[600px] w-full flex-col items-center justify-center rounded-3xl border border-dashed border-slate-300 bg-white/70 p-8 text-center">
      {phase === 'waiting' ? (
        <>
          <SearchCheck aria-hidden="true" className="size-12 animate-pulse text-brand-600" />
          <p role="status" className="mt-4 text-lg font-semibold text-slate-900">
            {MESSAGES.waiting}
          </p>
          <Spinner label="Waiting for new jobs" className="mt-3" />
        </>
      ) : (
        <>
          <BellRing aria-hidden="true" className="size-12 text-brand-600" />
          <p className="mt-4 text-lg font-semibold text-slate-900">{MESSAGES.noMoreJobs}</p>
          <p className="mt-1 max-w-xs text-sm text-slate-600">You have seen every job for now. Start over to look again.</p>
          <Button className="mt-6" onClick={onStartOver}>
            <RotateCcw aria-hidden="true" />
            Start Over
          </Button>
        </>
      )}
      <SubscribeDialog open={phase === 'offer'} defaultEmail={email} onClose={() => setPhase('done')} />
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
