import { FileUp } from 'lucide-react'
import type { ChangeEvent } from 'react'
import { Button } from '@/components/button'
import { FormField } from '@/components/form-field'
import { ProgressBar } from '@/components/progress-bar'
import { RESUME_ACCEPT } from '@/entities/resume-file'
import { TARGET_TEXT_MAX_CHARS } from '@/generated/catalogue'
import { UploadProgressBar } from './upload-progress-bar'

/** The dialog's first part: the resume file, what it is tailored for, and the Analyze button with its progress. */
export function ResumeSourceSection({
  file,
  forJob,
  jobText,
  busy,
  offline,
  analyzing,
  progress,
  onFile,
  onJobText,
  onUntailor,
  onAnalyze,
}: {
  file: File | null
  /** The feed's job it is tailored for, or null for an optional pasted job ad. */
  forJob: { title: string } | null
  jobText: string
  busy: boolean
  offline: boolean
  analyzing: boolean
  /** The upload's percent, null before its size is known. */
  progress: number | null
  onFile: (event: ChangeEvent<HTMLInputElement>) => void
  onJobText: (text: string) => void
  onUntailor: () => void
  onAnalyze: () => void
}) {
  return (
    <div className="space-y-3">
      <FormField label="Resume file" hint="PDF, Word, PNG, JPG or TXT. Images are read with text recognition.">
        {(control) => (
          <input
            {...control}
            type="file"
            accept={RESUME_ACCEPT}
            disabled={busy}
            onChange={onFile}
            className="block w-full cursor-pointer rounded-xl border border-dashed border-slate-300 bg-slate-50/60 p-1.5 text-sm text-slate-700 file:mr-3 file:cursor-pointer file:rounded-full file:border-0 file:bg-brand-50 file:px-4 file:py-2 file:font-semibold file:text-brand-700 hover:border-brand-500 hover:file:bg-brand-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed disabled:opacity-60"
          />
        )}
      </FormField>
      {forJob ? (
        <p className="flex flex-wrap items-center gap-2 rounded-lg bg-brand-50 px-3 py-2 text-sm text-brand-900">
          <span>
            Tailored for <strong>{forJob.title}</strong>: keywords come from this job.
          </span>
          <Button variant="ghost" size="sm" disabled={busy} onClick={onUntailor}>
            Don't tailor
          </Button>
        </p>
      ) : (
        <details className="rounded-lg border border-slate-200 px-3 py-2 text-sm">
          <summary className="cursor-pointer font-medium text-slate-800">Tailor for a job ad (optional)</summary>
          <FormField label="Job ad" containerClassName="mt-2">
            {(control) => (
              <textarea
                {...control}
                rows={4}
                value={jobText}
                maxLength={TARGET_TEXT_MAX_CHARS}
                disabled={busy}
                placeholder="Paste the job's title and description: its skills become the keywords."
                onChange={(e) => onJobText(e.target.value)}
                className="block w-full rounded-xl border border-slate-300 p-2 text-sm"
              />
            )}
          </FormField>
        </details>
      )}
      <div className="flex flex-wrap items-center gap-3">
        <Button onClick={onAnalyze} disabled={file === null || busy || offline}>
          <FileUp aria-hidden="true" />
          {analyzing ? 'Analyzing…' : 'Analyze Resume'}
        </Button>
      </div>
      {analyzing && progress !== null && progress < 100 && (
        <UploadProgressBar label={`Uploading ${file?.name ?? 'your resume'}`} value={progress} />
      )}
      {/* Once the file is up, the analysis (text recognition for images) takes a while of unknown length. */}
      {analyzing && (progress === null || progress >= 100) && <ProgressBar label="Analyzing your resume" value={null} />}
    </div>
  )
}
