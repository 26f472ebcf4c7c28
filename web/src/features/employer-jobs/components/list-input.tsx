import { Plus } from 'lucide-react'
import { useId, useState, type KeyboardEvent, type ReactNode } from 'react'
import { Button } from '@/components/button'
import { inputClasses } from '@/components/form-field'
import { addEntry, removeEntry } from '../list-input'
import { Chips } from './chips'

type ListInputProps = {
  label: string
  values: readonly string[]
  onChange: (values: string[]) => void
  placeholder?: string
  hint?: ReactNode
  /** Shown at the label's right (an AI button, say). */
  action?: ReactNode
  disabled?: boolean
  /** The most entries the list may hold: once full, nothing more can be added until one is removed. */
  max?: number
  /** The longest entry, in characters. */
  maxLength?: number
}

/**
 * A list field (spec §5): type an entry and press Enter or Add; entries are
 * trimmed, duplicates ignored, and each chip can be removed.
 */
export function ListInput({ label, values, onChange, placeholder, hint, action, disabled, max, maxLength }: ListInputProps) {
  const id = useId()
  const [draft, setDraft] = useState('')
  const full = max !== undefined && values.length >= max

  function add() {
    if (full) return
    onChange(addEntry(values, draft))
    setDraft('')
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key !== 'Enter') return
    // Enter adds the entry; it does not submit the form.
    event.preventDefault()
    add()
  }

  return (
    <div>
      <div className="mb-1.5 flex min-h-8 items-end justify-between gap-3">
        <label htmlFor={id} className="block text-sm font-medium text-slate-800">
          {label}
        </label>
        {action}
      </div>
      <div className="flex gap-2">
        <input
          id={id}
          value={draft}
          disabled={disabled || full}
          maxLength={maxLength}
          placeholder={placeholder}
          aria-describedby={`${id}-hint`}
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={onKeyDown}
          className={inputClasses}
        />
        <Button variant="outline" disabled={disabled || full || draft.trim() === ''} aria-label={`Add to ${label}`} onClick={add}>
          <Plus aria-hidden="true" />
          Add
        </Button>
      </div>
      <p id={`${id}-hint`} className="mt-1.5 text-xs text-slate-500">
        {full ? `The list holds at most ${max}: remove one to add another.` : (hint ?? 'Press Enter to add.')}
      </p>
      <Chips label={`Selected ${label.toLowerCase()}`} values={values} disabled={disabled} onRemove={(v) => onChange(removeEntry(values, v))} />
    </div>
  )
}
