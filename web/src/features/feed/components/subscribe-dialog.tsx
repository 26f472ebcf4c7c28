import { BellRing } from 'lucide-react'
import { useState, type FormEvent } from 'react'
import { toast } from '@/lib/toast'
import { Button } from '@/components/button'
import { Dialog } from '@/components/dialog'
import { TextField } from '@/components/form-field'
import { ApiError } from '@/lib/api-client'
import { useSubscribeToAlerts } from '../api/subscribe-alerts'
import { MESSAGES } from '../messages'

/**
 * "No More Jobs Available Right Now": an e-mail address to be told about new jobs, those the
 * feed's `search` (its query, '' for none) finds when there is one.
 */
export function SubscribeDialog({
  open,
  defaultEmail,
  search,
  onClose,
}: {
  open: boolean
  defaultEmail: string
  search: string
  onClose: () => void
}) {
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
      const reply = await subscribe.mutateAsync({ email: address.trim(), search })
      toast.success(MESSAGES.subscribed, { description: MESSAGES.confirmAlerts(reply.email, reply.search) })
      onClose()
    } catch (error) {
      console.error(error)
      if (error instanceof ApiError && error.status === 422)
        toast.error(error.firstFieldMessage('email') ?? error.firstFieldMessage('search') ?? error.message)
      else toast.error(MESSAGES.subscribeFailed, { description: error instanceof ApiError ? error.message : undefined })
    }
  }

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={MESSAGES.noMoreTitle}
      description={search === '' ? MESSAGES.alertsAbout : MESSAGES.searchAlertsAbout}
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
