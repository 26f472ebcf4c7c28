import { Pencil, Plus, Trash2 } from 'lucide-react'
import { useId, useState, type FormEvent } from 'react'
import { toast } from '@/lib/toast'
import { Button } from '@/components/button'
import { Dialog } from '@/components/dialog'
import { inputClasses } from '@/components/form-field'
import { Spinner } from '@/components/spinner'
import { ApiError } from '@/lib/api-client'
import {
  CANDIDATE_CUSTOM_STAGE_LABEL,
  CUSTOM_STAGE_ANCHORS,
  CUSTOM_STAGES_MAX,
  PIPELINE_STAGES,
  STAGE_NAME_MAX_CHARS,
} from '@/generated/catalogue'
import { useAddStage, useJobStages, useRemoveStage, useRenameStage, type JobStage } from '../api/stages'
import { MESSAGES } from '../stage-messages'

const stageLabel = (key: string) => PIPELINE_STAGES.find((s) => s.key === key)?.label ?? key

function failure(error: unknown, title: string) {
  console.error(error)
  toast.error(title, { description: error instanceof ApiError ? error.message : undefined })
}

/** The field's message of a refused change, shown under the field; anything else is toasted. */
function fieldMessage(error: unknown, field: string): string | undefined {
  return error instanceof ApiError ? error.firstFieldMessage(field) : undefined
}

/**
 * A job's own stages ("Technical test" after Screening): added, renamed and removed here, then
 * offered by every application's "Move to…" and shown on the board after the stage they follow.
 */
export function JobStagesDialog({ job, onClose }: { job: { id: string; job_title: string } | null; onClose: () => void }) {
  if (job === null) return null
  return <StagesForm key={job.id} job={job} onClose={onClose} />
}

function StagesForm({ job, onClose }: { job: { id: string; job_title: string }; onClose: () => void }) {
  const stages = useJobStages(job.id)
  const list = stages.data ?? []
  return (
    <Dialog
      open
      onClose={onClose}
      title="Hiring stages"
      description={`Steps of your own for ${job.job_title}, between Applied and Offer. Candidates see them as “${CANDIDATE_CUSTOM_STAGE_LABEL}”.`}
      actions={
        <Button variant="outline" onClick={onClose}>
          Done
        </Button>
      }
    >
      {stages.isPending ? (
        <Spinner label="Loading stages" />
      ) : stages.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {MESSAGES.loadFailed}
        </p>
      ) : (
        <div className="space-y-5">
          {list.length === 0 ? (
            <p className="text-sm text-slate-600">No stages of this job’s own yet.</p>
          ) : (
            <ul aria-label="This job’s own stages" className="divide-y divide-slate-100 rounded-xl border border-slate-200">
              {list.map((stage) => (
                <StageRow key={stage.id} jobId={job.id} stage={stage} />
              ))}
            </ul>
          )}
          {list.length < CUSTOM_STAGES_MAX ? (
            <AddStage jobId={job.id} />
          ) : (
            <p className="text-sm text-slate-600">
              This job has {CUSTOM_STAGES_MAX} stages of its own, the most it can have.
            </p>
          )}
        </div>
      )}
    </Dialog>
  )
}

function StageRow({ jobId, stage }: { jobId: string; stage: JobStage }) {
  const rename = useRenameStage(jobId)
  const remove = useRemoveStage(jobId)
  const [editing, setEditing] = useState(false)
  const [name, setName] = useState(stage.name)
  const id = useId()
  const error = fieldMessage(rename.error, 'name')

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (rename.isPending) return
    try {
      await rename.mutateAsync({ id: stage.id, name })
      toast.success(MESSAGES.renamed)
      setEditing(false)
    } catch (err) {
      if (!fieldMessage(err, 'name')) failure(err, MESSAGES.renameFailed)
    }
  }

  async function drop() {
    try {
      await remove.mutateAsync(stage.id)
      toast.success(MESSAGES.removed)
    } catch (err) {
      failure(err, MESSAGES.removeFailed)
    }
  }

  if (editing) {
    return (
      <li className="p-3">
        <form noValidate onSubmit={(e) => void save(e)} className="space-y-2">
          <label htmlFor={`${id}-name`} className="block text-sm font-medium text-slate-800">
            New name for {stage.name}
          </label>
          <input
            id={`${id}-name`}
            value={name}
            maxLength={STAGE_NAME_MAX_CHARS}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            onChange={(e) => setName(e.target.value)}
            className={inputClasses}
          />
          {error && (
            <p id={`${id}-error`} role="alert" className="text-sm text-red-700">
              {error}
            </p>
          )}
          <div className="flex gap-2">
            <Button type="submit" size="sm" disabled={rename.isPending}>
              {rename.isPending ? 'Saving…' : 'Save name'}
            </Button>
            <Button
              variant="ghost"
              size="sm"
              onClick={() => {
                rename.reset()
                setName(stage.name)
                setEditing(false)
              }}
            >
              Cancel
            </Button>
          </div>
        </form>
      </li>
    )
  }
  return (
    <li className="flex flex-wrap items-center gap-2 p-3">
      {/* The name keeps room to be read; on a phone Rename and Remove wrap under it rather than squeeze it to a letter. */}
      <div className="min-w-0 grow basis-40">
        <p className="truncate font-medium text-slate-900">{stage.name}</p>
        <p className="text-xs text-slate-600">After {stageLabel(stage.after)}</p>
      </div>
      <Button variant="ghost" size="sm" onClick={() => setEditing(true)} aria-label={`Rename ${stage.name}`}>
        <Pencil aria-hidden="true" />
        Rename
      </Button>
      <Button
        variant="ghost"
        size="sm"
        disabled={remove.isPending}
        onClick={() => void drop()}
        aria-label={`Remove ${stage.name}`}
        className="text-slate-600 hover:text-red-700"
      >
        <Trash2 aria-hidden="true" />
        Remove
      </Button>
    </li>
  )
}

function AddStage({ jobId }: { jobId: string }) {
  const add = useAddStage(jobId)
  const [name, setName] = useState('')
  const [after, setAfter] = useState<string>('screening')
  const id = useId()
  const nameError = fieldMessage(add.error, 'name')
  const afterError = fieldMessage(add.error, 'after')

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (add.isPending) return
    try {
      await add.mutateAsync({ name, after })
      toast.success(MESSAGES.added)
      setName('')
    } catch (err) {
      if (!fieldMessage(err, 'name') && !fieldMessage(err, 'after')) failure(err, MESSAGES.addFailed)
    }
  }

  return (
    <form noValidate onSubmit={(e) => void submit(e)} className="space-y-3 rounded-xl bg-slate-50 p-3">
      <h3 className="text-sm font-semibold text-slate-900">Add a stage</h3>
      <div>
        <label htmlFor={`${id}-name`} className="mb-1.5 block text-sm font-medium text-slate-800">
          Stage name
        </label>
        <input
          id={`${id}-name`}
          value={name}
          maxLength={STAGE_NAME_MAX_CHARS}
          placeholder="e.g. Technical test"
          aria-invalid={nameError ? true : undefined}
          aria-describedby={nameError ? `${id}-name-error` : undefined}
          onChange={(e) => setName(e.target.value)}
          className={inputClasses}
        />
        {nameError && (
          <p id={`${id}-name-error`} role="alert" className="mt-1.5 text-sm text-red-700">
            {nameError}
          </p>
        )}
      </div>
      <div>
        <label htmlFor={`${id}-after`} className="mb-1.5 block text-sm font-medium text-slate-800">
          Comes after
        </label>
        <select id={`${id}-after`} value={after} onChange={(e) => setAfter(e.target.value)} className={inputClasses}>
          {CUSTOM_STAGE_ANCHORS.map((key) => (
            <option key={key} value={key}>
              {stageLabel(key)}
            </option>
          ))}
        </select>
        {afterError && (
          <p role="alert" className="mt-1.5 text-sm text-red-700">
            {afterError}
          </p>
        )}
      </div>
      <Button type="submit" size="sm" disabled={add.isPending}>
        <Plus aria-hidden="true" />
        {add.isPending ? 'Adding…' : 'Add stage'}
      </Button>
    </form>
  )
}
