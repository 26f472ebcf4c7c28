import { useState } from 'react'
import { SelectField, TextField } from '@/components/form-field'
import { UNIVERSITIES } from '../options'

/** The list's last option, under which a university not in the list is typed. */
export const OTHER_UNIVERSITY = 'Other'

/** Whether `university` is one of the list's own universities (not "Other", not a typed name). */
function isListed(university: string): boolean {
  return university !== OTHER_UNIVERSITY && (UNIVERSITIES as readonly string[]).includes(university)
}

/**
 * The university: one of the list (spec, candidate §3), or "Other" and then, if the person likes,
 * its name typed in. The value is what is saved: a listed name, "Other" when nothing is typed,
 * or the typed name. A saved name that is not in the list shows as "Other" with the name typed.
 */
export function UniversityField({ value, onChange }: { value: string; onChange: (university: string) => void }) {
  // Once "Other" is chosen the box stays while its text is typed, even through a listed name
  // ("Chinhoyi" on the way to "Chinhoyi University of Technology").
  const [typing, setTyping] = useState(() => value !== '' && !isListed(value))
  return (
    <>
      <SelectField
        label="University"
        required
        name="university"
        placeholder="Select university"
        options={UNIVERSITIES}
        value={typing ? OTHER_UNIVERSITY : value}
        onChange={(e) => {
          const chosen = e.target.value
          setTyping(chosen === OTHER_UNIVERSITY)
          onChange(chosen)
        }}
      />
      {typing && (
        <TextField
          label="Your university"
          name="university_name"
          autoComplete="off"
          containerClassName="sm:col-span-2"
          placeholder="e.g. Chinhoyi University of Technology"
          hint="Not in the list? Type its full name, or leave this empty to save “Other”."
          value={value === OTHER_UNIVERSITY ? '' : value}
          onChange={(e) => onChange(e.target.value.trim() === '' ? OTHER_UNIVERSITY : e.target.value)}
        />
      )}
    </>
  )
}
