import type { EmployerApplication } from '../api/applications'

/** The checkbox that picks an applicant for a bulk action; on phones there is none (each card keeps "Move to…"). */
export function SelectBox({
  application: a,
  selected,
  onSelect,
}: {
  application: EmployerApplication
  selected: boolean
  onSelect: (application: EmployerApplication, selected: boolean) => void
}) {
  return (
    <input
      type="checkbox"
      aria-label={`Select ${a.candidate_name}`}
      checked={selected}
      onChange={(e) => onSelect(a, e.target.checked)}
      className="hidden size-4 shrink-0 accent-brand-600 sm:block"
    />
  )
}
