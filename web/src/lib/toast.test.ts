import { toast as sonner } from 'sonner'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { toast } from './toast'

afterEach(() => {
  vi.restoreAllMocks()
  sonner.dismiss()
})

describe('the app toasts', () => {
  it('replaces the error showing with a new one, and clears errors on a success', () => {
    const dismiss = vi.spyOn(sonner, 'dismiss')
    const first = toast.error('Please fill in all required fields')
    expect(dismiss).not.toHaveBeenCalled()
    const second = toast.error('Failed to post job', { description: 'Minimum salary: too high' })
    expect(dismiss).toHaveBeenCalledWith(first)
    dismiss.mockClear()
    toast.success('Job posted successfully!')
    expect(dismiss).toHaveBeenCalledWith(second)
    expect(dismiss).toHaveBeenCalledTimes(1)
  })

  it('keeps an error shown again under its own id, and leaves plain toasts alone', () => {
    const dismiss = vi.spyOn(sonner, 'dismiss')
    toast.error("You're offline", { id: 'offline' })
    toast.error("You're offline", { id: 'offline' })
    expect(dismiss).not.toHaveBeenCalled()
    toast('Job rejected')
    toast.info('Saved for later')
    expect(dismiss).not.toHaveBeenCalled()
  })
})
