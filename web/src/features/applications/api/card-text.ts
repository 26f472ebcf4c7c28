import { useQuery } from '@tanstack/react-query'
import { getCore, type RoleStyle } from '@/lib/core-worker'

/** What a card shows that the Rust core formats: the salary line, the applied date and the role style. */
export type CardText = { salary: string; appliedDate: string; role: RoleStyle }

export type CardTextInput = {
  jobTitle: string
  salaryMin: number | null
  salaryMax: number | null
  appliedAt: number
}

/** Asks the core worker for a card's texts (the same rules as the job card and the server). */
export async function cardText({ jobTitle, salaryMin, salaryMax, appliedAt }: CardTextInput): Promise<CardText> {
  const core = getCore()
  const [salary, appliedDate, role] = await Promise.all([
    core.formatSalaryRange(salaryMin, salaryMax),
    core.formatDate(appliedAt),
    core.roleStyle(jobTitle),
  ])
  return { salary, appliedDate, role }
}

/** A card's formatted texts; they never change for the same input. */
export function useCardText(input: CardTextInput) {
  return useQuery({
    queryKey: ['core', 'application-card', input.jobTitle, input.salaryMin, input.salaryMax, input.appliedAt],
    queryFn: () => cardText(input),
    staleTime: Infinity,
  })
}
