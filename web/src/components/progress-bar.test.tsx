import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { percentOf } from '@/lib/percent'
import { ProgressBar } from './progress-bar'

describe('ProgressBar', () => {
  it('names the bar and gives its percent', () => {
    render(<ProgressBar label="Uploading logo" value={40} />)
    const bar = screen.getByRole('progressbar', { name: 'Uploading logo' })
    expect(bar).toHaveAttribute('aria-valuenow', '40')
    expect(bar.firstElementChild).toHaveStyle({ width: '40%' })
    expect(screen.getByText('40%')).toBeInTheDocument()
  })

  it('leaves the value out while the length is unknown, and pulses', () => {
    render(<ProgressBar label="Analysing your interview" value={null} />)
    const bar = screen.getByRole('progressbar', { name: 'Analysing your interview' })
    expect(bar).not.toHaveAttribute('aria-valuenow')
    expect(bar.firstElementChild).toHaveClass('animate-pulse')
  })
})

describe('percentOf', () => {
  it('rounds down, caps at 100 and knows nothing without a total', () => {
    expect(percentOf(1, 3)).toBe(33)
    expect(percentOf(5, 4)).toBe(100)
    expect(percentOf(10, 0)).toBeNull()
  })
})
