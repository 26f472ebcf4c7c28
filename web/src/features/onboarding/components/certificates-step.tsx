import type { FilesProps } from './basic-info-step'
import { ChosenFile, FilePicker } from './file-picker'

/** Step 2, "Certificates": any number of files, all optional. */
export function CertificatesStep({ files, setFiles, busy, choose }: FilesProps) {
  return (
    <div>
      <FilePicker
        label="Certificates (optional)"
        accept=".pdf,.doc,.docx,.jpg,.jpeg,.png"
        hint="PDF, DOC, DOCX, JPG, JPEG or PNG; add as many as you like"
        multiple
        disabled={busy}
        onFiles={(chosen) =>
          choose('certificate', chosen, (kept) =>
            setFiles((f) => ({ ...f, certificates: [...f.certificates, ...kept] })),
          )
        }
      />
      {files.certificates.length > 0 ? (
        <ul aria-label="Chosen certificates" className="mt-3 space-y-2">
          {files.certificates.map((file, index) => (
            <ChosenFile
              key={`${file.name}-${index}`}
              file={file}
              disabled={busy}
              onRemove={() =>
                setFiles((f) => ({ ...f, certificates: f.certificates.filter((_, i) => i !== index) }))
              }
            />
          ))}
        </ul>
      ) : (
        <p className="mt-3 text-sm text-slate-500">No certificates added. You can skip this step.</p>
      )}
    </div>
  )
}
