import { CopyCheck, Upload } from 'lucide-react'
import { useId, useState } from 'react'
import { Button } from '@/components/button'
import { Card, CardTitle } from '@/components/card'
import type { AlreadyPostedRow } from '../api/import-jobs'
import { AlreadyPostedList } from './already-posted-list'

type Props = {
  /** The server's words for what the import did ("… 2 already posted: skipped."). */
  message: string
  rows: AlreadyPostedRow[]
  busy: boolean
  onPostAgain: (rowNumbers: number[]) => void
  onDone: () => void
}

/**
 * The rows an import skipped because the employer already has the same jobs live: each can be
 * ticked and posted again from the same file; nothing is posted twice without asking.
 */
export function AlreadyPostedPanel({ message, rows, busy, onPostAgain, onDone }: Props) {
  const [ticked, setTicked] = useState<ReadonlySet<number>>(new Set())
  const headingId = useId()
  return (
    <Card aria-labelledby={headingId} role="region" className="space-y-4">
      <CardTitle as="h2" id={headingId} className="flex items-center gap-2">
        <CopyCheck aria-hidden="true" className="size-5 text-brand-600" />
        Already posted
      </CardTitle>
      <p role="status" className="text-sm text-slate-700">
        {message} These rows match jobs you have live (same company, title, place and description). Tick a row to post
        it again.
      </p>
      <AlreadyPostedList rows={rows} ticked={ticked} onTick={setTicked} />
      <div className="flex flex-wrap justify-end gap-3">
        <Button variant="outline" onClick={onDone} disabled={busy}>
          Go to Dashboard
        </Button>
        <Button onClick={() => onPostAgain([...ticked].sort((a, b) => a - b))} disabled={busy || ticked.size === 0} aria-busy={busy}>
          <Upload aria-hidden="true" />
          Post ticked rows again
        </Button>
      </div>
    </Card>
  )
}
