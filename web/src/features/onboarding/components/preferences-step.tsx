import { TextField } from '@/components/form-field'
import { JOB_TYPES } from '../options'
import type { FieldsProps } from './basic-info-step'

/** Step 4, "Job Preferences": where, for how much, and which kinds of job. */
export function PreferencesStep({
  fields,
  update,
  onJobType,
}: FieldsProps & { onJobType: (type: string, on: boolean) => void }) {
  return (
    <>
      <TextField
        label="Preferred location"
        required
        name="preferred_location"
        placeholder="e.g. Harare"
        value={fields.preferredLocation}
        onChange={(e) => update('preferredLocation', e.target.value)}
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          label="Minimum salary"
          required
          name="min_salary"
          type="number"
          inputMode="decimal"
          min={0}
          value={fields.minSalary}
          onChange={(e) => update('minSalary', e.target.value)}
        />
        <TextField
          label="Maximum salary"
          required
          name="max_salary"
          type="number"
          inputMode="decimal"
          min={0}
          value={fields.maxSalary}
          onChange={(e) => update('maxSalary', e.target.value)}
        />
      </div>
      <fieldset>
        <legend className="mb-2 text-sm font-medium text-slate-800">
          Job types
          <span aria-hidden="true" className="ml-0.5 text-red-600">
            *
          </span>
          <span className="sr-only"> (required, one or more)</span>
        </legend>
        <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
          {JOB_TYPES.map((type) => (
            <label
              key={type}
              className="flex cursor-pointer items-center gap-2 rounded-xl border border-slate-300 px-3 py-2.5 text-sm font-medium text-slate-700 has-checked:border-brand-500 has-checked:bg-brand-50 has-checked:text-brand-700"
            >
              <input
                type="checkbox"
                name="job_types"
                value={type}
                checked={fields.jobTypes.includes(type)}
                onChange={(e) => onJobType(type, e.target.checked)}
                className="size-4 accent-brand-600"
              />
              {type}
            </label>
          ))}
        </div>
      </fieldset>
    </>
  )
}
