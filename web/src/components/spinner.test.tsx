import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { DialogSpinner, PageSpinner, Spinner } from './spinner'

describe('spinners', () => {
  it('announce what is loading and hide the spinning icon from screen readers', () => {
    const { container } = render(<Spinner label="Loading jobs" />)
    expect(screen.getByRole('status')).toHaveTextContent('Loading jobs')
    expect(container.querySelector('svg')).toHaveAttribute('aria-hidden', 'true')
  })

  it('fill the page while a route loads', () => {
    render(<PageSpinner />)
    expect(screen.getByRole('status')).toHaveTextContent('Loading page')
  })

  it('cover the page over a dimmed backdrop while a dialog loads', () => {
    render(<DialogSpinner label="Loading Upgrade Your Resume" />)
    const overlay = screen.getByTestId('dialog-spinner')
    expect(overlay).toHaveClass('fixed', 'inset-0')
    expect(overlay).toContainElement(screen.getByRole('status'))
    expect(screen.getByRole('status')).toHaveTextContent('Loading Upgrade Your Resume')
  })
})
