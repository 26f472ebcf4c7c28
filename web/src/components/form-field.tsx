import { useId, type ComponentProps, type ReactNode } from 'react'
import { cn } from '@/lib/cn'

/** The look of text inputs and selects. */
export const inputClasses =
  'block w-full rounded-xl border border-slate-300 bg-white px-3.5 py-2.5 text-slate-900 shadow-xs ' +
  'placeholder:text-slate-400 focus:border-brand-500 focus:outline-2 focus:outline-offset-0 focus:outline-brand-500/30 ' +
  'disabled:cursor-not-allowed disabled:bg-slate-50'

const labelClasses = 'block text-sm font-medium text-slate-800'
const hintClasses = 'mt-1.5 text-xs text-slate-500'
const errorClasses = 'mt-1.5 text-sm font-medium text-red-700'

type FieldProps = {
  label: string
  hint?: ReactNode
  /** The server's (or the form's) message about this field, shown under it and read with it. */
  error?: string
  /** Shown at the label's right (an AI button, say). */
  action?: ReactNode
  containerClassName?: string
}

/** What a field gives its control: the label's target, and what describes it. */
type ControlProps = { id: string; 'aria-describedby': string | undefined; 'aria-invalid': true | undefined }

/**
 * One form field: its label (with a mark when required, and an optional action at its right), the
 * control, the hint and the error under it, tied together by ids so a screen reader reads them
 * with the control. Every text field, select and text area of the forms is drawn by this.
 */
export function FormField({
  label,
  hint,
  error,
  action,
  required,
  containerClassName,
  children,
}: FieldProps & { required?: boolean; children: (control: ControlProps) => ReactNode }) {
  const id = useId()
  const hintId = `${id}-hint`
  const errorId = `${id}-error`
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ')
  return (
    <div className={containerClassName}>
      {/* An action is a button as tall as the row: fields beside one keep their inputs level with it. */}
      <div className={cn('mb-1.5 flex items-end justify-between gap-3', action !== undefined && 'min-h-8')}>
        <label htmlFor={id} className={labelClasses}>
          {label}
          {required && (
            <span aria-hidden="true" className="ml-0.5 text-red-600">
              *
            </span>
          )}
        </label>
        {action}
      </div>
      {children({ id, 'aria-describedby': describedBy || undefined, 'aria-invalid': error ? true : undefined })}
      {hint && (
        <p id={hintId} className={hintClasses}>
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className={errorClasses}>
          {error}
        </p>
      )}
    </div>
  )
}

/** A labelled text input. */
export function TextField({
  label,
  hint,
  error,
  action,
  containerClassName,
  className,
  ...props
}: ComponentProps<'input'> & FieldProps) {
  return (
    <FormField {...{ label, hint, error, action, containerClassName }} required={props.required}>
      {(control) => <input {...control} className={cn(inputClasses, error && 'border-red-500', className)} {...props} />}
    </FormField>
  )
}

/** A labelled select with a placeholder option (value "") and the given options. */
export function SelectField({
  label,
  hint,
  error,
  action,
  containerClassName,
  className,
  options,
  placeholder,
  ...props
}: ComponentProps<'select'> & FieldProps & { options: readonly string[]; placeholder: string }) {
  return (
    <FormField {...{ label, hint, error, action, containerClassName }} required={props.required}>
      {(control) => (
        <select {...control} className={cn(inputClasses, error && 'border-red-500', className)} {...props}>
          <option value="">{placeholder}</option>
          {options.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </select>
      )}
    </FormField>
  )
}

/** A labelled text area. */
export function TextAreaField({
  label,
  hint,
  error,
  action,
  containerClassName,
  className,
  ...props
}: ComponentProps<'textarea'> & FieldProps) {
  return (
    <FormField {...{ label, hint, error, action, containerClassName }} required={props.required}>
      {(control) => (
        <textarea {...control} className={cn(inputClasses, 'resize-y', error && 'border-red-500', className)} {...props} />
      )}
    </FormField>
  )
}
