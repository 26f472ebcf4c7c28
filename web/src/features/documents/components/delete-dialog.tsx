import { Trash2 } from 'lucide-react'
import { toast } from '@/lib/toast'
import { Dialog } from '@/components/dialog'
import type { UserDocument } from '@/entities/documents'
import { useDeleteDocument } from '../api/documents'
import { failureReason } from '../api/errors'
import { MESSAGES } from '../messages'

/** A red button for the destructive action (the shared variants have none). */
const DANGER_BUTTON =
  'inline-flex h-11 shrink-0 items-center justify-center gap-2 rounded-full bg-red-600 px-5 text-sm font-semibold ' +
  'whitespace-nowrap text-white shadow-md shadow-red-600/25 transition hover:bg-red-700 focus-visible:outline-2 ' +
  'focus-visible:outline-offset-2 focus-visible:outline-red-600 disabled:pointer-events-none disabled:opacity-50 ' +
  '[&_svg]:size-4 [&_svg]:shrink-0'

/** Asks "Are you sure you want to delete this document?" and deletes it on Delete. */
export function DeleteDocumentDialog({
  document,
  onClose,
  onDeleted,
}: {
  document: UserDocument | null
  onClose: () => void
  onDeleted: () => void
}) {
  const remove = useDeleteDocument()

  async function confirm() {
    if (document === null || remove.isPending) return
    try {
      await remove.mutateAsync(document.id)
      toast.success(MESSAGES.deleted)
      onClose()
      onDeleted()
    } catch (error) {
      console.error(error)
      toast.error(MESSAGES.deleteFailed, { description: failureReason(error) })
      onClose()
    }
  }

  return (
    <Dialog
      open={document !== null}
      onClose={() => {
        if (!remove.isPending) onClose()
      }}
      title="Delete document"
      description={MESSAGES.deleteConfirm}
      actions={
        <button
          type="button"
          disabled={remove.isPending}
          onClick={() => void confirm()}
          className={DANGER_BUTTON}
        >
          <Trash2 aria-hidden="true" />
          {remove.isPending ? 'Deleting…' : 'Delete'}
        </button>
      }
    >
      <p>
        <span className="font-medium text-slate-900">{document?.file_name}</span> will be removed for good. Links
        you shared to it stop working.
      </p>
    </Dialog>
  )
}
