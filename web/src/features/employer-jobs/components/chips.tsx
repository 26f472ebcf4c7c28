import { X } from 'lucide-react'

/** Removable entries of a list field, as a labelled list of chips. */
export function Chips({
  label,
  values,
  onRemove,
  disabled,
}: {
  label: string
  values: readonly string[]
  onRemove: (value: string) => void
  disabled?: boolean
}) {
  if (values.length === 0) return null
  return (
    <ul aria-label={label} className="mt-3 flex flex-wrap gap-2">
      {values.map((value) => (
        <li
          key={value}
          className="inline-flex max-w-full items-center gap-1 rounded-full bg-brand-50 py-1 pr-1 pl-3 text-sm font-medium text-brand-700 ring-1 ring-brand-100"
        >
          <span className="truncate">{value}</span>
          <button
            type="button"
            disabled={disabled}
            aria-label={`Remove ${value}`}
            onClick={() => onRemove(value)}
            className="rounded-full p-0.5 text-brand-600 hover:bg-brand-100 hover:text-brand-700 disabled:opacity-50"
          >
            <X aria-hidden="true" className="size-3.5" />
          </button>
        </li>
      ))}
    </ul>
  )
}
