import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Inbox } from 'lucide-react'
import { describe, expect, it, vi } from 'vitest'
import { EmptyState, ErrorState } from './list-states'

describe('ErrorState', () => {
  it('is an alert with the failure, the reason, and a Retry that loads again', async () => {
    const retry = vi.fn<() => void>()
    render(<ErrorState title="Failed to load jobs" detail="Something went wrong (ref 42)" onRetry={retry} />)
    const alert = screen.getByRole('alert')
    expect(alert).toHaveTextContent('Failed to load jobs')
    expect(alert).toHaveTextContent('Something went wrong (ref 42)')
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }))
    expect(retry).toHaveBeenCalledTimes(1)
  })

  it('disables Retry while a retry runs', () => {
    render(<ErrorState title="Failed to load jobs" onRetry={() => {}} retrying />)
    expect(screen.getByRole('button', { name: 'Retrying…' })).toBeDisabled()
  })
})

describe('EmptyState', () => {
  it('shows a heading at the level asked, the help and the action', () => {
    render(
      <EmptyState
        icon={Inbox}
        title="No applications yet"
        description="Applications will appear here."
        headingLevel={3}
        action={<button type="button">Browse Jobs</button>}
      />,
    )
    expect(screen.getByRole('heading', { level: 3, name: 'No applications yet' })).toBeInTheDocument()
    expect(screen.getByText('Applications will appear here.')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Browse Jobs' })).toBeInTheDocument()
  })
})
