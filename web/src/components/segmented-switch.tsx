/** One choice of a few, shown as pressed buttons in a pill ("List | Board", "Applications | Rejected"). */
export function SegmentedSwitch<T extends string>({
  label,
  options,
  value,
  onChange,
}: {
  /** The group's accessible name. */
  label: string
  options: readonly { value: T; label: string }[]
  value: T
  onChange: (value: T) => void
}) {
  return (
    <div role="group" aria-label={label} className="inline-flex rounded-full bg-slate-100 p-0.5">
      {options.map((option) => (
        <button
          key={option.value}
          type="button"
          aria-pressed={value === option.value}
          onClick={() => onChange(option.value)}
          className={`rounded-full px-3 py-1 text-sm font-medium ${value === option.value ? 'bg-white text-slate-900 shadow-xs' : 'text-slate-600'}`}
        >
          {option.label}
        </button>
      ))}
    </div>
  )
}
