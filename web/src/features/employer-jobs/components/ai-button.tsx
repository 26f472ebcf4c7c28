import { LoaderCircle, Sparkles } from 'lucide-react'
import { Button } from '@/components/button'

/** An AI help button: a spinner and disabled while the answer is awaited. */
export function AiButton({
  label,
  busy,
  disabled,
  onClick,
  busyLabel,
}: {
  label: string
  busy: boolean
  disabled?: boolean
  onClick: () => void
  /** Announced while waiting (default "Generating…"). */
  busyLabel?: string
}) {
  return (
    <Button
      variant="outline"
      size="sm"
      disabled={busy || disabled}
      aria-busy={busy}
      onClick={onClick}
      className="h-8 border-brand-200 text-brand-700"
    >
      {busy ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : <Sparkles aria-hidden="true" />}
      {label}
      {busy && <span className="sr-only">{busyLabel ?? 'Generating…'}</span>}
    </Button>
  )
}
