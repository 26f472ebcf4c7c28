import { Building2, ImageUp } from 'lucide-react'
import { useId, useRef } from 'react'
import { toast } from '@/lib/toast'
import { BlobImage } from '@/components/blob-image'
import { formatFileSize } from '@/lib/file-size'
import { cn } from '@/lib/cn'
import { MAX_IMAGE_SIZE_TEXT } from '@/generated/catalogue'
import { getCore } from '@/lib/core-worker'
import { type LogoChoice } from '../job-form'

type LogoFieldProps = {
  choice: LogoChoice
  file: File | null
  onChoice: (choice: LogoChoice) => void
  onFile: (file: File) => void
  /** The chosen file is being checked: a form must not be sent meanwhile, or it would go without it. */
  onChecking?: (checking: boolean) => void
  disabled?: boolean
}

/**
 * The company logo (spec §2, §4, §5): the icon (default) or an uploaded image.
 * Choosing a file switches to Upload; files the server would refuse (not an image, too large) are refused here, with its message.
 */
export function LogoField({ choice, file, onChoice, onFile, onChecking, disabled }: LogoFieldProps) {
  const id = useId()
  const inputRef = useRef<HTMLInputElement>(null)

  async function choose(chosen: File | undefined) {
    if (inputRef.current) inputRef.current.value = ''
    if (!chosen) return
    // The server's own check of the bytes and size, with its message, before anything is sent.
    onChecking?.(true)
    let problem: string | null
    try {
      problem = await getCore().uploadProblem('company-logo', chosen)
    } finally {
      onChecking?.(false)
    }
    if (problem !== null) {
      toast.error(problem)
      return
    }
    onFile(chosen)
    onChoice('upload')
  }

  const radio = (value: LogoChoice, label: string) => (
    <label
      className={cn(
        'flex cursor-pointer items-center gap-2 rounded-xl border px-3.5 py-2.5 text-sm font-medium transition',
        choice === value ? 'border-brand-500 bg-brand-50 text-brand-700' : 'border-slate-300 text-slate-700 hover:border-brand-400',
      )}
    >
      <input
        type="radio"
        name={`${id}-logo`}
        value={value}
        checked={choice === value}
        disabled={disabled}
        onChange={() => onChoice(value)}
        className="accent-brand-600"
      />
      {label}
    </label>
  )

  return (
    <fieldset>
      <legend className="mb-1.5 block text-sm font-medium text-slate-800">Company logo</legend>
      <div className="flex flex-wrap gap-2">
        {radio('icon', 'Icon')}
        {radio('upload', 'Upload')}
      </div>
      <div className="mt-3 flex items-center gap-4">
        <span
          aria-hidden="true"
          className="flex size-14 shrink-0 items-center justify-center overflow-hidden rounded-xl bg-linear-to-br from-brand-600 to-accent-500 text-white"
        >
          {choice === 'upload' && file ? (
            <BlobImage blob={file} alt="" className="size-full bg-white object-contain" />
          ) : (
            <Building2 className="size-7" />
          )}
        </span>
        <div className="min-w-0 flex-1">
          <label
            htmlFor={`${id}-file`}
            className="flex cursor-pointer items-center gap-3 rounded-xl border-2 border-dashed border-slate-300 bg-slate-50/60 px-4 py-3 text-sm text-slate-600 transition hover:border-brand-500 hover:bg-brand-50/60 has-[:focus-visible]:border-brand-500 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-500"
          >
            <ImageUp aria-hidden="true" className="size-5 shrink-0 text-brand-600" />
            <span className="min-w-0 flex-1">
              <span className="block truncate font-medium text-slate-800">
                {file ? `${file.name} (${formatFileSize(file.size)})` : 'Logo image'}
              </span>
              <span id={`${id}-hint`} className="block text-xs text-slate-500">
                JPG, PNG, GIF (max {MAX_IMAGE_SIZE_TEXT})
              </span>
            </span>
            <input
              ref={inputRef}
              id={`${id}-file`}
              type="file"
              accept="image/*"
              disabled={disabled}
              aria-label="Logo image"
              aria-describedby={`${id}-hint`}
              className="sr-only"
              onChange={(event) => void choose(event.target.files?.[0])}
            />
          </label>
        </div>
      </div>
    </fieldset>
  )
}
