import { describe, expect, it } from 'vitest'
import { savedResumeName } from './resume-file'

describe('the upgraded resume’s file name', () => {
  it('reads as the candidate’s name and the day, not a timestamp', () => {
    const day = new Date(2026, 10, 7, 23, 30)
    expect(savedResumeName('Tendai Moyo', day, 'pdf')).toBe('Resume – Tendai Moyo – 2026-11-07.pdf')
    expect(savedResumeName(' Chipo  "CJ"  Banda/Dube ', day, 'pdf')).toBe('Resume – Chipo CJ Banda Dube – 2026-11-07.pdf')
    expect(savedResumeName('', day, 'docx')).toBe('Resume – 2026-11-07.docx')
  })
})
