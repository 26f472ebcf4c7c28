import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { CardSkeleton, FormSkeleton, ListSkeleton, Skeleton, TableSkeleton } from './skeleton'

describe('skeletons', () => {
  it('hide their grey shapes from screen readers and read out what is loading', () => {
    const { container } = render(<CardSkeleton label="Loading jobs" />)
    expect(screen.getByRole('status')).toHaveTextContent('Loading jobs')
    const card = screen.getByTestId('card-skeleton')
    expect(card).toHaveAttribute('aria-busy', 'true')
    const blocks = container.querySelectorAll('[data-skeleton]')
    expect(blocks.length).toBeGreaterThan(3)
    for (const block of blocks) expect(block.closest('[aria-hidden="true"]')).not.toBeNull()
  })

  it('draw as many list rows as asked', () => {
    render(<ListSkeleton label="Loading documents" rows={4} />)
    expect(screen.getByRole('status')).toHaveTextContent('Loading documents')
    expect(screen.getByTestId('list-skeleton').querySelectorAll('li')).toHaveLength(4)
  })

  it('draw a table of rows × columns cells under a header row', () => {
    render(<TableSkeleton label="Loading rows" rows={3} columns={5} />)
    const table = screen.getByTestId('table-skeleton')
    // Header row plus three rows, five cells each.
    expect(table.querySelectorAll('[data-skeleton]')).toHaveLength(4 * 5)
  })

  it('draw a form with one label and input per field', () => {
    render(<FormSkeleton label="Loading your profile" fields={2} />)
    expect(screen.getByRole('status')).toHaveTextContent('Loading your profile')
    // Two fields of two blocks, and the button.
    expect(screen.getByTestId('form-skeleton').querySelectorAll('[data-skeleton]')).toHaveLength(5)
  })

  it('keep a plain block hidden and still pulsing unless motion is reduced', () => {
    render(<Skeleton data-testid="block" className="h-4" />)
    const block = screen.getByTestId('block')
    expect(block).toHaveAttribute('aria-hidden', 'true')
    expect(block).toHaveClass('animate-pulse', 'motion-reduce:animate-none', 'h-4')
  })
})
