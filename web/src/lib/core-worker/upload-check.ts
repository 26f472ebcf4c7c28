import { toast } from '@/lib/toast'
import { getCore, type UploadSlot } from '.'

/**
 * The chosen files the upload `slot` takes, by the core's own check (the server's, run again
 * when the files arrive); each other file is refused at once with the server's message, in one
 * toast that replaces the last refusal instead of piling up.
 */
export async function acceptedFiles(slot: UploadSlot, chosen: File[]): Promise<File[]> {
  const core = getCore()
  const problems = await Promise.all(chosen.map((file) => core.uploadProblem(slot, file)))
  const kept: File[] = []
  problems.forEach((problem, i) => {
    const file = chosen[i]
    if (file === undefined) return
    if (problem === null) kept.push(file)
    else toast.error(problem, { id: 'upload-refused', description: file.name })
  })
  return kept
}
