// The documents an application carries, as the apply dialog's checkboxes choose them.
import { MAX_APPLICATION_DOCUMENTS } from '@/generated/catalogue'
import type { UserDocument } from '@/entities/documents'

/** The documents chosen for one job's application. */
export type AttachmentChoice = { jobId: string; ids: readonly string[] }

/** What is preselected: the default resume, when there is one. */
export function defaultChoice(jobId: string, documents: readonly UserDocument[]): AttachmentChoice {
  return { jobId, ids: documents.filter((d) => d.is_default).map((d) => d.id) }
}

/** `choice` with `id` ticked or unticked; past the limit nothing more is added. */
export function toggled(choice: AttachmentChoice, id: string): AttachmentChoice {
  if (choice.ids.includes(id)) return { ...choice, ids: choice.ids.filter((x) => x !== id) }
  if (choice.ids.length >= MAX_APPLICATION_DOCUMENTS) return choice
  return { ...choice, ids: [...choice.ids, id] }
}
