import { FileUp, X } from 'lucide-react'
import { useId, useRef, type ReactNode } from 'react'
import { formatFileSize } from '@/lib/file-size'

type FilePickerProps = {
  label: string
  /** The accepted extensions, e.g. ".pdf,.doc,.docx". */
  accept: string
  hint: ReactNode
  /** Several files at once; each choice is handed over and the input emptied. */
  multiple?: boolean
  onFiles: (files: File[]) => void
  /** What is chosen now, shown in the box. */
  chosen?: ReactNode
  disabled?: boolean
}

/**
 * A labelled file input shown as a drop box. The input keeps its label
 * (`label`) and hint, so it is found and announced like any field.
 */
export function FilePicker({ label, accept, hint, multiple = false, onFiles, chosen, disabled }: FilePickerProps) {
  const id = useId()
  const inputRef = useRef<HTMLInputElement>(null)
  return (
    <div>
      <span id={`${id}-label`} className="mb-1.5 block text-sm font-medium text-slate-800">
        {label}
      </span>
      <label
        htmlFor={id}
        className="flex cursor-pointer items-center gap-3 rounded-xl border-2 border-dashed border-slate-300 bg-slate-50/60 px-4 py-4 text-sm text-slate-600 transition hover:border-brand-500 hover:bg-brand-50/60 has-[:focus-visible]:border-brand-500 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-500"
      >
        <FileUp aria-hidden="true" className="size-6 shrink-0 text-brand-600" />
        <span className="min-w-0 flex-1">
          <span className="block font-medium text-slate-800">{chosen ?? (multiple ? 'Choose files' : 'Choose a file')}</span>
          <span id={`${id}-hint`} className="block text-xs text-slate-500">
            {hint}
          </span>
        </span>
        <input
          ref={inputRef}
          id={id}
          type="file"
          accept={accept}
          multiple={multiple}
          disabled={disabled}
          aria-labelledby={`${id}-label`}
          aria-describedby={`${id}-hint`}
          className="sr-only"
          onChange={(event) => {
            const files = Array.from(event.target.files ?? [])
            if (files.length > 0) onFiles(files)
            if (inputRef.current) inputRef.current.value = ''
          }}
        />
      </label>
    </div>
  )
}

/** A chosen file with its size and a remove button. */
export function ChosenFile({ file, onRemove, disabled }: { file: File; onRemove: () => void; disabled?: boolean }) {
  return (
    <li className="flex items-center justify-between gap-3 rounded-lg bg-white px-3 py-2 text-sm ring-1 ring-slate-200">
      <span className="min-w-0 truncate">
        <span className="font-medium text-slate-800">{file.name}</span>
        <span className="ml-2 text-slate-500">{formatFileSize(file.size)}</span>
      </span>
      <button
        type="button"
        onClick={onRemove}
        disabled={disabled}
        aria-label={`Remove ${file.name}`}
        className="rounded-full p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-900 disabled:opacity-50"
      >
        <X aria-hidden="true" className="size-4" />
      </button>
    </li>
  )
}
