// Which applicants are selected for a bulk action.
import { useState } from 'react'
import type { EmployerApplication, StageOption } from './api/applications'

/** The ids picked among those `shown`: one no longer shown (rejected, filtered out) drops out by itself. */
export function useSelection<T extends { id: string }>(shown: readonly T[]) {
  const [picked, setPicked] = useState<ReadonlySet<string>>(new Set())
  const selected = shown.filter((a) => picked.has(a.id))
  const allShown = shown.length > 0 && selected.length === shown.length
  return {
    /** The selected among those shown, in their order. */
    selected,
    isSelected: (id: string) => picked.has(id),
    allShown,
    toggle(id: string, on: boolean) {
      setPicked((old) => {
        const next = new Set(old)
        if (on) next.add(id)
        else next.delete(id)
        return next
      })
    },
    /** Every shown one, or none when all are already. */
    toggleAll() {
      setPicked(allShown ? new Set() : new Set(shown.map((a) => a.id)))
    },
    clear: () => setPicked(new Set()),
  }
}


/** The stages any of `selected` can move to, each once, in the order first met. */
export function bulkStages(selected: readonly EmployerApplication[]): StageOption[] {
  const stages = new Map<string, StageOption>()
  for (const a of selected) for (const s of a.next_stages) if (!stages.has(s.stage)) stages.set(s.stage, s)
  return [...stages.values()]
}
