import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { statusFields } from '@/testing/application-status'
import { employerApplication } from '@/testing/employer-application'
import type { EmployerApplication, Stage } from '../api/applications'
import { StageBoard } from './stage-board'

function application(id: string, name: string, stage: EmployerApplication['stage_group']): EmployerApplication {
  const next = (['applied', 'screening', 'interview', 'offer', 'hired'] as const)
    .filter((s) => s !== stage)
    .map((s) => ({ stage: s, label: s.charAt(0).toUpperCase() + s.slice(1), group: s }))
  return employerApplication({
    id,
    ...statusFields(stage === 'applied' ? 'applied' : 'under_review'),
    stage,
    stage_group: stage,
    stage_label: stage,
    next_stages: next,
    candidate_name: name,
  })
}

describe('the stage board on a phone', () => {
  it('shows one stage at a time with its count and moves a card with its select', async () => {
    const user = userEvent.setup()
    const onMove = vi.fn<(a: EmployerApplication, s: Stage) => void>()
    const onReject = vi.fn<(a: EmployerApplication) => void>()
    render(
      <StageBoard
        applications={[application('a', 'Amara Okafor', 'applied'), application('b', 'Tendai Moyo', 'screening')]}
        busy={() => false}
        onMove={onMove}
        onReject={onReject}
      />,
    )
    const tabs = screen.getByRole('tablist', { name: 'Stages' })
    expect(within(tabs).getAllByRole('tab').map((t) => t.textContent)).toEqual([
      'Applied (1)',
      'Screening (1)',
      'Interview (0)',
      'Offer (0)',
      'Hired (0)',
    ])
    const panel = screen.getByRole('tabpanel')
    expect(within(panel).getByRole('article', { name: 'Amara Okafor' })).toBeInTheDocument()
    expect(within(panel).queryByRole('article', { name: 'Tendai Moyo' })).not.toBeInTheDocument()

    await user.selectOptions(within(panel).getByLabelText('Move Amara Okafor to stage'), 'interview')
    expect(onMove).toHaveBeenCalledWith(expect.objectContaining({ id: 'a' }), 'interview')
    await user.click(within(panel).getByRole('button', { name: 'Reject Amara Okafor' }))
    expect(onReject).toHaveBeenCalledWith(expect.objectContaining({ id: 'a' }))

    await user.click(within(tabs).getByRole('tab', { name: 'Interview (0)' }))
    expect(screen.getByRole('tabpanel')).toHaveTextContent('No applications in Interview among those loaded.')
  })
})
