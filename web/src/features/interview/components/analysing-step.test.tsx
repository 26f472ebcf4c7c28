import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { AnalysingStep } from './analysing-step'

describe('AnalysingStep', () => {
  it('shows a progress bar of unknown length while the analysis runs', () => {
    render(<AnalysingStep failed={false} onRetry={() => {}} onStartNew={() => {}} />)
    const bar = screen.getByRole('progressbar', { name: 'Analysing your interview' })
    expect(bar).not.toHaveAttribute('aria-valuenow')
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
  })

  it('after a failure offers Try Again, which runs the analysis again', async () => {
    const retry = vi.fn<() => void>()
    render(<AnalysingStep failed onRetry={retry} onStartNew={() => {}} />)
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }))
    expect(retry).toHaveBeenCalledTimes(1)
  })
})
