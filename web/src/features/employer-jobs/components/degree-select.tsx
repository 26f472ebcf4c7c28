import { Plus } from 'lucide-react'
import { useId, useState, type KeyboardEvent } from 'react'
import { Button } from '@/components/button'
import { inputClasses } from '@/components/form-field'
import { addEntry, removeEntry } from '../list-input'
import { OTHER_DEGREE, REQUIRED_DEGREES } from '../options'
import { Chips } from './chips'

/**
 * The required degrees (spec §2 "Education", §3): a multi-select of the 16
 * listed fields plus "Other (Specify)", which reveals a text input for custom ones.
 */
export function DegreeSelect({
  values,
  onChange,
  disabled,
}: {
  values: readonly string[]
  onChange: (values: string[]) => void
  disabled?: boolean
}) {
  const id = useId()
  const [otherOpen, setOtherOpen] = useState(false)
  const [draft, setDraft] = useState('')

  function toggle(degree: string, on: boolean) {
    onChange(on ? addEntry(values, degree) : removeEntry(values, degree))
  }

  function addOther() {
    onChange(addEntry(values, draft))
    setDraft('')
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key !== 'Enter') return
    event.preventDefault()
    addOther()
  }

  return (
    <fieldset>
      <legend className="mb-1.5 block text-sm font-medium text-slate-800">Required degrees</legend>
      <p className="mb-3 text-xs text-slate-500">Choose every field of study that qualifies.</p>
      <div className="grid gap-x-4 gap-y-2 sm:grid-cols-2">
        {REQUIRED_DEGREES.map((degree) => (
          <label key={degree} className="flex items-start gap-2 text-sm text-slate-700">
            <input
              type="checkbox"
              className="mt-0.5 size-4 accent-brand-600"
              checked={values.includes(degree)}
              disabled={disabled}
              onChange={(e) => toggle(degree, e.target.checked)}
            />
            {degree}
          </label>
        ))}
        <label className="flex items-start gap-2 text-sm font-medium text-slate-800">
          <input
            type="checkbox"
            className="mt-0.5 size-4 accent-brand-600"
            checked={otherOpen}
            disabled={disabled}
            onChange={(e) => setOtherOpen(e.target.checked)}
          />
          {OTHER_DEGREE}
        </label>
      </div>
      {otherOpen && (
        <div id={`${id}-other`} className="mt-3">
          <label htmlFor={`${id}-other-input`} className="mb-1.5 block text-sm font-medium text-slate-800">
            Other degree
          </label>
          <div className="flex gap-2">
            <input
              id={`${id}-other-input`}
              value={draft}
              disabled={disabled}
              placeholder="e.g. Data Science"
              onChange={(e) => setDraft(e.target.value)}
              onKeyDown={onKeyDown}
              className={inputClasses}
            />
            <Button variant="outline" disabled={disabled || draft.trim() === ''} aria-label="Add degree" onClick={addOther}>
              <Plus aria-hidden="true" />
              Add
            </Button>
          </div>
        </div>
      )}
      <Chips label="Selected required degrees" values={values} disabled={disabled} onRemove={(v) => toggle(v, false)} />
    </fieldset>
  )
}
