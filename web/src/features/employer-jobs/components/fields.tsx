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
export function InputField({ label, hint, action, containerClassName, className, ...props }: ComponentProps<'input'> & FieldShell) {
  const id = useId()
  return (
    <div className={containerClassName}>
      <LabelRow id={id} label={label} required={props.required} action={action} />
      <input id={id} aria-describedby={hint ? `${id}-hint` : undefined} className={cn(inputClasses, className)} {...props} />
      {hint && (
        <p id={`${id}-hint`} className={hintClasses}>
          {hint}
        </p>
      )}
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
  ...props
}: ComponentProps<'textarea'> & FieldShell) {
  const id = useId()
  return (
    <div className={containerClassName}>
      <LabelRow id={id} label={label} required={props.required} action={action} />
      <textarea
        id={id}
        aria-describedby={hint ? `${id}-hint` : undefined}
        className={cn(inputClasses, 'min-h-40 resize-y leading-relaxed', className)}
        {...props}
      />
      {hint && (
        <p id={`${id}-hint`} className={hintClasses}>
          {hint}
        </p>
      )}
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
  ...props
}: ComponentProps<'select'> & FieldShell & { options: readonly string[]; placeholder: string }) {
  const id = useId()
  return (
    <div className={containerClassName}>
      <LabelRow id={id} label={label} required={props.required} action={action} />
      <select id={id} aria-describedby={hint ? `${id}-hint` : undefined} className={cn(inputClasses, className)} {...props}>
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
    </div>
  )
}
