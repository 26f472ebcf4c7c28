// AI help while posting (spec, employer §7 "ai-job-assistance"): a description,
// suggested skills and a suggested minimum talent score.
import { apiFetch } from '@/lib/api-client'
import { DEFAULT_THRESHOLD } from '../options'

type AssistRequest =
  | {
      type: 'description'
      input: { jobTitle: string; companyName: string; jobType: string; experienceLevel: string }
    }
  | { type: 'skills'; input: { jobTitle: string; description: string } }
  | {
      type: 'talent-score'
      input: { jobTitle: string; description: string; requirements: string; skills: string }
    }

async function assist(body: AssistRequest): Promise<unknown> {
  const answer = await apiFetch<{ result?: unknown }>('/functions/ai-job-assistance', { method: 'POST', json: body })
  return answer.result
}

/** The AI's skills answer could not be read as a list. */
export class UnparsableSuggestionsError extends Error {
  constructor() {
    super('Unable to parse AI suggestions')
    this.name = 'UnparsableSuggestionsError'
  }
}

/** The skills of the AI's answer: JSON text of a list of strings (or the list itself); null when unreadable. */
export function parseSkills(result: unknown): string[] | null {
  let value: unknown = result
  if (typeof result === 'string') {
    // Models sometimes wrap JSON in a Markdown code fence.
    const text = result.trim().replace(/^```(?:json)?\s*/i, '').replace(/\s*```$/, '')
    try {
      value = JSON.parse(text)
    } catch {
      return null
    }
  }
  if (!Array.isArray(value)) return null
  return value.filter((item): item is string => typeof item === 'string')
}

/** The AI's talent score as a whole percentage from 0 to 100; 20 when it is not a number (spec §7). */
export function parseScore(result: unknown): number {
  const n = typeof result === 'number' ? result : typeof result === 'string' ? Number.parseFloat(result) : Number.NaN
  if (!Number.isFinite(n)) return DEFAULT_THRESHOLD
  return Math.min(100, Math.max(0, Math.round(n)))
}

/** A job description from the title, company, type and degree level. */
export async function generateDescription(input: {
  jobTitle: string
  companyName: string
  jobType: string
  experienceLevel: string
}): Promise<string> {
  const result = await assist({
    type: 'description',
    input: { ...input, experienceLevel: input.experienceLevel || 'Not specified' },
  })
  if (typeof result !== 'string' || result.trim() === '') throw new Error('The AI sent no description')
  return result.trim()
}

/** Skills for the job; throws `UnparsableSuggestionsError` when the answer is not a list. */
export async function suggestSkills(input: { jobTitle: string; description: string }): Promise<string[]> {
  const skills = parseSkills(await assist({ type: 'skills', input }))
  if (skills === null) throw new UnparsableSuggestionsError()
  return skills
}

/** A minimum talent score for the job. */
export async function suggestTalentScore(input: {
  jobTitle: string
  description: string
  requirements: readonly string[]
  skills: readonly string[]
}): Promise<number> {
  const result = await assist({
    type: 'talent-score',
    input: {
      jobTitle: input.jobTitle,
      description: input.description,
      requirements: input.requirements.join(', '),
      skills: input.skills.join(', '),
    },
  })
  return parseScore(result)
}
