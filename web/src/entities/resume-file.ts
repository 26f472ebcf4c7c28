// Which files the resume analyser takes (spec, candidate §5 "Resume analyser
// upload") and how each is sent (§7 "analyze-resume": text for txt, a data URL otherwise).

const EXTENSIONS = ['.pdf', '.doc', '.docx', '.png', '.jpg', '.jpeg', '.txt'] as const

const MIME_TYPES: readonly string[] = [
  'application/pdf',
  'application/msword',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'image/png',
  'image/jpeg',
  'image/jpg',
  'text/plain',
]

/** The file input's `accept`. */
export const RESUME_ACCEPT = EXTENSIONS.join(',')

type FileLike = Pick<File, 'name' | 'type'>

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.')
  return dot < 0 ? '' : name.slice(dot).toLowerCase()
}

/** Whether the analyser takes `file`: by its MIME type or its extension (spec §5); the server judges the bytes. */
export function isAnalysable(file: FileLike): boolean {
  return MIME_TYPES.includes(file.type.toLowerCase()) || (EXTENSIONS as readonly string[]).includes(extensionOf(file.name))
}

/** Whether `file` is plain text, sent as `resumeText`: a .txt name, or text/plain without another known extension. */
export function isPlainText(file: FileLike): boolean {
  const extension = extensionOf(file.name)
  if (extension === '.txt') return true
  return !(EXTENSIONS as readonly string[]).includes(extension) && file.type.toLowerCase().startsWith('text/plain')
}

/** The body of analyze-resume for `file`. */
export type ResumeSource = { resumeText: string; fileName: string } | { resumeFile: string; fileName: string }

/** `file` as a `data:…;base64,…` URL. */
function readDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader()
    reader.addEventListener('load', () => resolve(String(reader.result)))
    reader.addEventListener('error', () => reject(reader.error ?? new Error('The file could not be read')))
    reader.readAsDataURL(file)
  })
}

/** Reads `file` into the body the server expects: its text for .txt, a data URL for the rest. */
export async function resumeSource(file: File): Promise<ResumeSource> {
  if (isPlainText(file)) return { resumeText: await file.text(), fileName: file.name }
  return { resumeFile: await readDataUrl(file), fileName: file.name }
}

/**
 * The name an upgraded resume is saved or downloaded under: "Resume – Tendai Moyo – 2026-11-27.pdf",
 * the day as the candidate's calendar says. It departs from the spec's
 * `upgraded-resume-{timestamp}` (a number nobody can read; docs/decisions.md).
 */
export function savedResumeName(fullName: string, now: Date, extension: 'pdf' | 'docx'): string {
  const day = [now.getFullYear(), now.getMonth() + 1, now.getDate()].map((n) => String(n).padStart(2, '0')).join('-')
  // Characters a file system or a download refuses in a name.
  const name = fullName.replace(/[\\/:*?"<>|]+/g, ' ').replace(/\s+/g, ' ').trim()
  return name ? `Resume – ${name} – ${day}.${extension}` : `Resume – ${day}.${extension}`
}
