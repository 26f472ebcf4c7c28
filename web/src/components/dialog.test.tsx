import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { Dialog } from './dialog'

function Harness() {
  const [open, setOpen] = useState(false)
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <Dialog open={open} onClose={() => setOpen(false)} title="Location" description="Where we are.">
        <a href="mailto:hello@jobtap.app">hello@jobtap.app</a>
      </Dialog>
    </>
  )
}

describe('Dialog', () => {
  it('is a labelled modal dialog that takes focus when opened', async () => {
    const user = userEvent.setup()
    render(<Harness />)
    await user.click(screen.getByRole('button', { name: 'Open' }))

    const dialog = screen.getByRole('dialog', { name: 'Location' })
    expect(dialog).toHaveAttribute('aria-modal', 'true')
    expect(dialog).toHaveAccessibleDescription('Where we are.')
    expect(dialog).toHaveFocus()
  })

  it('keeps Tab and Shift+Tab inside the dialog', async () => {
    const user = userEvent.setup()
    render(<Harness />)
    await user.click(screen.getByRole('button', { name: 'Open' }))
    const email = screen.getByRole('link', { name: 'hello@jobtap.app' })
    const close = screen.getByRole('button', { name: 'Close' })

    await user.tab()
    expect(email).toHaveFocus()
    await user.tab()
    expect(close).toHaveFocus()
    await user.tab()
    expect(email).toHaveFocus()
    await user.tab({ shift: true })
    expect(close).toHaveFocus()
  })

  it('closes on Escape and gives focus back to the opener', async () => {
    const user = userEvent.setup()
    render(<Harness />)
    const opener = screen.getByRole('button', { name: 'Open' })
    await user.click(opener)

    await user.keyboard('{Escape}')
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(opener).toHaveFocus()
  })

  it('closes with its Close button and on a backdrop click', async () => {
    const user = userEvent.setup()
    render(<Harness />)
    await user.click(screen.getByRole('button', { name: 'Open' }))
    await user.click(screen.getByRole('button', { name: 'Close' }))
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Open' }))
    await user.click(screen.getByTestId('dialog-backdrop'))
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  })
})

describe('Dialog body', () => {
  afterEach(() => {
    vi.unstubAllGlobals()
    vi.restoreAllMocks()
  })

  /** jsdom lays nothing out: give every element the heights a long body would have. */
  function layOut(scrollHeight: number, clientHeight: number) {
    vi.stubGlobal(
      'ResizeObserver',
      class {
        observe() {}
        disconnect() {}
      },
    )
    vi.spyOn(HTMLElement.prototype, 'scrollHeight', 'get').mockReturnValue(scrollHeight)
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(clientHeight)
  }

  it('takes focus as a named region when it scrolls, so the keyboard can scroll it', async () => {
    layOut(2000, 400)
    const user = userEvent.setup()
    render(
      <Dialog open onClose={() => {}} title="Privacy Policy">
        <p>A long policy with no links.</p>
      </Dialog>,
    )
    const body = screen.getByRole('region', { name: 'Privacy Policy' })
    expect(body).toHaveAttribute('tabindex', '0')
    await user.tab()
    expect(body).toHaveFocus()
    await user.tab()
    expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus()
  })

  it('stays out of the tab order when everything fits', () => {
    layOut(300, 300)
    render(
      <Dialog open onClose={() => {}} title="Location">
        <p>Short.</p>
      </Dialog>,
    )
    expect(screen.queryByRole('region')).not.toBeInTheDocument()
    expect(screen.getByText('Short.').closest('[tabindex="0"]')).toBeNull()
  })
})
