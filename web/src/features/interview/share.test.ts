import { describe, expect, it } from 'vitest'
import { shareResults } from './share'

function clipboard() {
  const written: string[] = []
  return { written, writeText: async (text: string) => void written.push(text) }
}

describe('shareResults', () => {
  it('uses the share sheet when the device has one', async () => {
    const shared: ShareData[] = []
    const board = clipboard()
    const outcome = await shareResults('Report', 'text', { share: async (d) => void shared.push(d), clipboard: board })
    expect(outcome).toBe('shared')
    expect(shared).toEqual([{ title: 'Report', text: 'text' }])
    expect(board.written).toEqual([])
  })

  it('copies to the clipboard when there is no share sheet', async () => {
    const board = clipboard()
    expect(await shareResults('Report', 'text', { clipboard: board })).toBe('copied')
    expect(board.written).toEqual(['text'])
  })

  it('does nothing more when the user closes the sheet', async () => {
    const board = clipboard()
    const share = () => Promise.reject(new DOMException('closed', 'AbortError'))
    expect(await shareResults('Report', 'text', { share, clipboard: board })).toBe('cancelled')
    expect(board.written).toEqual([])
  })

  it('falls back to the clipboard when the sheet fails', async () => {
    const board = clipboard()
    const share = () => Promise.reject(new DOMException('no', 'NotAllowedError'))
    expect(await shareResults('Report', 'text', { share, clipboard: board })).toBe('copied')
  })

  it('reports a refused clipboard', async () => {
    const writeText = () => Promise.reject(new DOMException('no', 'NotAllowedError'))
    expect(await shareResults('Report', 'text', { clipboard: { writeText } })).toBe('failed')
  })
})
