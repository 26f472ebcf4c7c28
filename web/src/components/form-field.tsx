import { useId, type ComponentProps, type ReactNode } from 'react'
import { cn } from '@/lib/cn'

/** The look of text inputs and selects. */
export const inputClasses =
  'block w-full rounded-xl border border-slate-300 bg-white px-3.5 py-2.5 text-slate-900 shadow-xs ' +
  'placeholder:text-slate-400 focus:border-brand-500 focus:outline-2 focus:outline-offset-0 focus:outline-brand-500/30 ' +
  'disabled:cursor-not-allowed disabled:bg-slate-50'

const labelClasses = 'mb-1.5 block text-sm font-medium text-slate-800'
const hintClasses = 'mt-1.5 text-xs text-slate-500'

type FieldProps = { label: string; hint?: ReactNode; containerClassName?: string }

/** A labelled text input with an optional hint below it. */
export function TextField({ label, hint, containerClassName, className, ...props }: ComponentProps<'input'> & FieldProps) {
  const id = useId()
  const hintId = `${id}-hint`
  return (
    <div className={containerClassName}>
      <label htmlFor={id} className={labelClasses}>
        {label}
      </label>
      <input id={id} aria-describedby={hint ? hintId : undefined} className={cn(inputClasses, className)} {...props} />
      {hint && (
        <p id={hintId} className={hintClasses}>
          {hint}
        </p>
      )}
    </div>
  )
}

/** A labelled select with a placeholder option (value "") and the given options. */
export function SelectField({
  label,
  hint,
  containerClassName,
  className,
  options,
  placeholder,
  ...props
}: ComponentProps<'select'> & FieldProps & { options: readonly string[]; placeholder: string }) {
  const id = useId()
  const hintId = `${id}-hint`
  return (
    <div className={containerClassName}>
      <label htmlFor={id} className={labelClasses}>
        {label}
      </label>
      <select id={id} aria-describedby={hint ? hintId : undefined} className={cn(inputClasses, className)} {...props}>
        <option value="">{placeholder}</option>
        {options.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
      {hint && (
        <p id={hintId} className={hintClasses}>
          {hint}
        </p>
      )}
    </div>
  )
}

/** A labelled text area with an optional hint below it. */
export function TextAreaField({
  label,
  hint,
  containerClassName,
  className,
  ...props
}: ComponentProps<'textarea'> & FieldProps) {
  const id = useId()
  const hintId = `${id}-hint`
  return (
    <div className={containerClassName}>
      <label htmlFor={id} className={labelClasses}>
        {label}
      </label>
      <textarea
        id={id}
        aria-describedby={hint ? hintId : undefined}
        className={cn(inputClasses, 'resize-y', className)}
        {...props}
      />
      {hint && (
        <p id={hintId} className={hintClasses}>
          {hint}
        </p>
      )}
    </div>
  )
}
