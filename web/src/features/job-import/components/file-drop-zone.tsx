import { FileUp } from 'lucide-react'
import { useId, useState, type DragEvent } from 'react'
import { cn } from '@/lib/cn'

type FileDropZoneProps = {
  onFile: (file: File) => void
  /** One import's limits in words, as the server sets them ("10,000 jobs and 5 MB"). */
  limitsText: string
  disabled?: boolean
}

/** Choose a CSV file, or drop one here. The file is checked by the core, not by its type or name here. */
export function FileDropZone({ onFile, limitsText, disabled = false }: FileDropZoneProps) {
  const hintId = useId()
  const [dragging, setDragging] = useState(false)

  function take(files: FileList | null | undefined) {
    const file = files?.[0]
    if (file) onFile(file)
  }

  function onDragOver(event: DragEvent<HTMLDivElement>) {
    if (disabled || !event.dataTransfer.types.includes('Files')) return
    event.preventDefault()
    event.dataTransfer.dropEffect = 'copy'
    setDragging(true)
  }

  function onDrop(event: DragEvent<HTMLDivElement>) {
    event.preventDefault()
    setDragging(false)
    if (!disabled) take(event.dataTransfer.files)
  }

  return (
    <div
      onDragOver={onDragOver}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
      className={cn(
        'flex flex-col items-center gap-3 rounded-2xl border-2 border-dashed px-6 py-10 text-center transition',
        dragging ? 'border-brand-500 bg-brand-50' : 'border-slate-300 bg-slate-50/60',
        disabled && 'opacity-60',
      )}
    >
      <span
        aria-hidden="true"
        className="flex size-12 items-center justify-center rounded-2xl bg-white text-brand-600 shadow-sm [&_svg]:size-6"
      >
        <FileUp />
      </span>
      <p className="text-sm font-medium text-slate-800">Drag and drop a CSV file here, or</p>
      <label
        className={cn(
          'inline-flex h-11 items-center rounded-full bg-linear-to-r from-brand-600 to-accent-500 px-5 text-sm font-semibold text-white shadow-md shadow-brand-600/25',
          'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600',
          disabled ? 'cursor-not-allowed' : 'cursor-pointer hover:brightness-110',
        )}
      >
        Choose CSV file
        <input
          type="file"
          accept=".csv,text/csv"
          disabled={disabled}
          aria-describedby={hintId}
          className="sr-only"
          onChange={(event) => {
            take(event.target.files)
            // Cleared, so choosing the same file again (after fixing it) is noticed.
            event.target.value = ''
          }}
        />
      </label>
      <p id={hintId} className="max-w-md text-xs text-slate-500">
        Use the template&apos;s columns. Lists (skills, requirements, benefits) are separated by semicolons. One
        import takes up to {limitsText}.
      </p>
    </div>
  )
}
