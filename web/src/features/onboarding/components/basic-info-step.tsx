import type { Dispatch, SetStateAction } from 'react'
import { Avatar } from '@/components/avatar'
import { TextField } from '@/components/form-field'
import type { UploadSlot } from '@/lib/core-worker'
import type { OnboardingFields, OnboardingFiles } from '@/entities/profile/complete-onboarding'
import type { Profile } from '@/entities/profile'
import { MAX_DOCUMENT_SIZE_TEXT } from '@/generated/catalogue'
import { ChosenFile, FilePicker } from './file-picker'

/** What every step is given to read and change the profile's fields. */
export type FieldsProps = {
  fields: OnboardingFields
  update: <K extends keyof OnboardingFields>(key: K, value: OnboardingFields[K]) => void
}

/** What the steps with files are given: the chosen files, and `choose`, which checks new ones first. */
export type FilesProps = {
  files: OnboardingFiles
  setFiles: Dispatch<SetStateAction<OnboardingFiles>>
  busy: boolean
  choose: (slot: UploadSlot, chosen: File[], keep: (kept: File[]) => void) => void
}

/** Step 1, "Basic Information": the name, a picture and the resume (which may propose step 3's fields). */
export function BasicInfoStep({
  fields,
  update,
  fallbackName,
  files,
  setFiles,
  savedAvatar,
  currentResume,
  busy,
  choose,
  onResume,
}: FieldsProps &
  FilesProps & {
    /** The account's name, for the avatar while the field is empty. */
    fallbackName: string
    savedAvatar: Blob | null
    currentResume: Profile['default_resume']
    /** A resume was chosen (and accepted). */
    onResume: (file: File) => void
  }) {
  return (
    <>
      <TextField
        label="Full name"
        required
        name="full_name"
        autoComplete="name"
        value={fields.fullName}
        onChange={(e) => update('fullName', e.target.value)}
      />
      <div className="flex items-start gap-4">
        <Avatar
          name={fields.fullName || fallbackName}
          image={files.avatar ?? savedAvatar}
          className="mt-7 size-14 text-lg"
        />
        <div className="min-w-0 flex-1">
          <FilePicker
            label="Profile picture (optional)"
            accept=".jpg,.jpeg,.png,.webp"
            hint="JPG, PNG or WEBP"
            chosen={files.avatar?.name}
            disabled={busy}
            onFiles={(chosen) =>
              choose('avatar', chosen, ([file]) => {
                if (file) setFiles((f) => ({ ...f, avatar: file }))
              })
            }
          />
          {files.avatar && (
            <ul className="mt-2">
              <ChosenFile
                file={files.avatar}
                disabled={busy}
                onRemove={() => setFiles((f) => ({ ...f, avatar: null }))}
              />
            </ul>
          )}
        </div>
      </div>
      <div>
        <FilePicker
          label={currentResume ? 'Resume (optional: replaces the current one)' : 'Resume'}
          accept=".pdf,.doc,.docx"
          hint={`PDF, DOC or DOCX (max ${MAX_DOCUMENT_SIZE_TEXT})`}
          chosen={files.resume?.name}
          disabled={busy}
          onFiles={(chosen) =>
            choose('resume', chosen, ([file]) => {
              if (!file) return
              setFiles((f) => ({ ...f, resume: file }))
              onResume(file)
            })
          }
        />
        {currentResume && !files.resume && (
          <p className="mt-2 text-sm wrap-anywhere text-slate-600">Current resume: {currentResume.file_name}</p>
        )}
        {files.resume && (
          <ul className="mt-2">
            <ChosenFile
              file={files.resume}
              disabled={busy}
              onRemove={() => setFiles((f) => ({ ...f, resume: null }))}
            />
          </ul>
        )}
      </div>
    </>
  )
}
