import { PIPELINE_STAGES } from '@/generated/catalogue'
import type { EmployerApplication } from './api/applications'

/** One of a job's own stages within the column of the stage it follows. */
export type OwnStage = {
  key: string
  /** The pipeline's stage it follows. */
  group: string
  label: string
  /** The job it belongs to: two jobs may both have a "Technical test". */
  jobTitle: string
  cards: EmployerApplication[]
}

/** A board column: one of the pipeline's stages, then the jobs' own stages that follow it. */
export type BoardColumn = {
  key: string
  label: string
  cards: EmployerApplication[]
  own: OwnStage[]
  /** Every card in the column, its own stages' included. */
  count: number
}

/**
 * The loaded applications by stage. A job's own stage shows in the column of the stage it follows
 * whenever a loaded application is in it or can be moved to it, so an empty one is still a target.
 * Rejected is not a column: a rejected application leaves the employer's list.
 */
export function boardColumns(applications: readonly EmployerApplication[]): BoardColumn[] {
  const own = new Map<string, OwnStage>()
  // A job's own stage is the one that counts as another (its group).
  const remember = (key: string, group: string, label: string, jobTitle: string) => {
    if (key !== group && !own.has(key)) own.set(key, { key, group, label, jobTitle, cards: [] })
  }
  for (const a of applications) {
    remember(a.stage, a.stage_group, a.stage_label, a.job_title)
    for (const next of a.next_stages) remember(next.stage, next.group, next.label, a.job_title)
  }
  for (const a of applications) own.get(a.stage)?.cards.push(a)
  return PIPELINE_STAGES.filter((s) => s.key !== 'rejected').map((stage) => {
    const cards = applications.filter((a) => a.stage === stage.key)
    const following = [...own.values()].filter((o) => o.group === stage.key)
    return {
      key: stage.key,
      label: stage.label,
      cards,
      own: following,
      count: cards.length + following.reduce((n, o) => n + o.cards.length, 0),
    }
  })
}
