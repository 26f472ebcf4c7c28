import { useQuery } from '@tanstack/react-query'
import { RefreshCw } from 'lucide-react'
import { useEffect, useId, useState } from 'react'
import { Button } from '@/components/button'
import { inputClasses } from '@/components/form-field'
import { ApiError } from '@/lib/api-client'
import { cn } from '@/lib/cn'
import { countText } from '@/lib/count-text'
import { getApplicationDraft, letterDraft, type LetterDraft } from '../api/application-draft'
import type { Job } from '../api/types'

type LetterEditorProps = {
  job: Job
  letter: LetterDraft | null
  onChange: (letter: LetterDraft) => void
}

/**
 * The cover letter in the apply dialog: the server's draft, editable, with "Regenerate"
 * for another wording. What is in the box is what the employer reads. When the server
 * writes no draft (the fit is under the threshold, the profile is not complete), the
 * box is not shown: the fit breakdown above says why.
 */
export function LetterEditor({ job, letter, onChange }: LetterEditorProps) {
  const id = useId()
  const mine = letter?.jobId === job.id ? letter : null
  const [regeneration, setRegeneration] = useState(mine?.regeneration ?? 0)
  const draft = useQuery({
    queryKey: ['application-draft', job.id, regeneration],
    queryFn: () => getApplicationDraft(job.id, regeneration),
    // A draft shown is kept as edited; each regeneration is asked for once.
    enabled: mine?.regeneration !== regeneration,
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  })

  useEffect(() => {
    if (draft.data && draft.data.regeneration === regeneration && mine?.regeneration !== regeneration) {
      onChange(letterDraft(job.id, draft.data))
    }
  }, [draft.data, regeneration, mine?.regeneration, job.id, onChange])

  if (mine === null) {
    if (draft.isError) {
      // A refusal is explained by the fit breakdown; anything else leaves the letter to the server.
      return draft.error instanceof ApiError && draft.error.status === 422 ? null : (
        <p className="text-sm text-slate-600">JobTap writes your cover letter from your profile when you apply.</p>
      )
    }
    return (
      <p role="status" aria-busy="true" className="text-sm text-slate-600">
        Writing your cover letter…
      </p>
    )
  }

  const regenerating = draft.isFetching
  return (
    <div className="space-y-2">
      <div className="flex items-center justify-between gap-3">
        <label htmlFor={id} className="text-sm font-medium text-slate-800">
          Cover letter
        </label>
        <Button
          variant="outline"
          size="sm"
          disabled={regenerating}
          onClick={() => setRegeneration(mine.regeneration + 1)}
        >
          <RefreshCw aria-hidden="true" className={cn(regenerating && 'animate-spin')} />
          {regenerating ? 'Regenerating…' : 'Regenerate'}
        </Button>
      </div>
      <textarea
        id={id}
        aria-describedby={`${id}-hint`}
        value={mine.text}
        maxLength={mine.maxChars}
        rows={9}
        onChange={(event) => onChange({ ...mine, text: event.target.value })}
        className={cn(inputClasses, 'min-h-40 resize-y text-sm leading-relaxed')}
      />
      <p id={`${id}-hint`} className="text-xs text-slate-500">
        Edit it as you like: the employer reads the letter as it is here. {countText(mine.text.length)} /{' '}
        {countText(mine.maxChars)} characters.
      </p>
    </div>
  )
}
