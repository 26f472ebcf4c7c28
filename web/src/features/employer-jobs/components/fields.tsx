import { useId, type ComponentProps, type ReactNode } from 'react'
import { inputClasses } from '@/components/form-field'
import { cn } from '@/lib/cn'

const labelClasses = 'block text-sm font-medium text-slate-800'
const hintClasses = 'mt-1.5 text-xs text-slate-500'

type FieldShell = {
  label: string
  hint?: ReactNode
  /** Shown at the label's right (an AI button, say). */
  action?: ReactNode
  containerClassName?: string
  /** The server's (or the form's) message about this field, shown under it. */
  error?: string
}

const errorClasses = 'mt-1.5 text-sm font-medium text-red-700'

/** The ids a control is described by (its hint, its error) and its error line. */
function describedBy(id: string, hint: ReactNode, error: string | undefined) {
  const ids = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ')
  return {
    controlProps: { 'aria-describedby': ids || undefined, 'aria-invalid': error ? true : undefined },
    errorLine: error ? (
      <p id={`${id}-error`} className={errorClasses}>
        {error}
      </p>
    ) : null,
  }
}

/** The label row: the label, a required mark (the input itself carries `required`) and an optional action. */
function LabelRow({ id, label, required, action }: { id: string; label: string; required?: boolean; action?: ReactNode }) {
  return (
    <div className="mb-1.5 flex min-h-8 items-end justify-between gap-3">
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
  )
}

/** A labelled input; `required` marks the label with an asterisk. */
export function InputField({
  label,
  hint,
  action,
  containerClassName,
  className,
  error,
  ...props
}: ComponentProps<'input'> & FieldShell) {
  const id = useId()
  const { controlProps, errorLine } = describedBy(id, hint, error)
  return (
    <div className={containerClassName}>
      <LabelRow id={id} label={label} required={props.required} action={action} />
      <input id={id} {...controlProps} className={cn(inputClasses, error && 'border-red-500', className)} {...props} />
      {hint && (
        <p id={`${id}-hint`} className={hintClasses}>
          {hint}
        </p>
      )}
      {errorLine}
    </div>
  )
}

/** A labelled textarea. */
export function TextAreaField({
  label,
  hint,
  action,
  containerClassName,
  className,
  error,
  ...props
}: ComponentProps<'textarea'> & FieldShell) {
  const id = useId()
  const { controlProps, errorLine } = describedBy(id, hint, error)
  return (
    <div className={containerClassName}>
      <LabelRow id={id} label={label} required={props.required} action={action} />
      <textarea
        id={id}
        {...controlProps}
        className={cn(inputClasses, 'min-h-40 resize-y leading-relaxed', error && 'border-red-500', className)}
        {...props}
      />
      {hint && (
        <p id={`${id}-hint`} className={hintClasses}>
          {hint}
        </p>
      )}
      {errorLine}
    </div>
  )
}

/** A labelled select with a first option of value "" (`placeholder`). */
export function SelectInput({
  label,
  hint,
  action,
  containerClassName,
  className,
  options,
  placeholder,
  error,
  ...props
}: ComponentProps<'select'> & FieldShell & { options: readonly string[]; placeholder: string }) {
  const id = useId()
  const { controlProps, errorLine } = describedBy(id, hint, error)
  return (
    <div className={containerClassName}>
      <LabelRow id={id} label={label} required={props.required} action={action} />
      <select id={id} {...controlProps} className={cn(inputClasses, error && 'border-red-500', className)} {...props}>
        <option value="">{placeholder}</option>
        {options.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
      {hint && (
        <p id={`${id}-hint`} className={hintClasses}>
          {hint}
        </p>
      )}
      {errorLine}
    </div>
  )
}
