import { act, render, renderHook, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { useAnnouncer } from '@/lib/use-announcer'
import { LiveAnnouncer } from './live-announcer'

describe('LiveAnnouncer', () => {
  it('is a polite, atomic status region, empty until something is announced', () => {
    render(<LiveAnnouncer message={null} />)
    const region = screen.getByRole('status')
    expect(region).toHaveAttribute('aria-live', 'polite')
    expect(region).toHaveAttribute('aria-atomic', 'true')
    expect(region).toHaveClass('sr-only')
    expect(region).toBeEmptyDOMElement()
  })

  it('puts a repeated announcement in a new node, so it is read again', () => {
    const { result } = renderHook(() => useAnnouncer())
    act(() => result.current.announce('Job rejected'))
    const { rerender } = render(<LiveAnnouncer message={result.current.message} />)
    const first = screen.getByText('Job rejected')
    act(() => result.current.announce('Job rejected'))
    rerender(<LiveAnnouncer message={result.current.message} />)
    const second = screen.getByText('Job rejected')
    expect(second).not.toBe(first)
    expect(screen.getByRole('status')).toHaveTextContent(/^Job rejected$/)
  })
})
