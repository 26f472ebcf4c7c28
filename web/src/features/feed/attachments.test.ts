import { describe, expect, it } from 'vitest'
import { MAX_APPLICATION_DOCUMENTS } from '@/generated/catalogue'
import type { UserDocument } from '@/entities/documents'
import { defaultChoice, toggled } from './attachments'

const doc = (id: string, is_default = false): UserDocument => ({
  id,
  document_type: 'resume',
  file_name: `${id}.pdf`,
  file_size: 1,
  content_type: 'application/pdf',
  is_default,
  uploaded_at: 0,
})

describe('the documents an application carries', () => {
  it('starts with the default resume ticked, or nothing without one', () => {
    expect(defaultChoice('j', [doc('a'), doc('cv', true)])).toEqual({ jobId: 'j', ids: ['cv'] })
    expect(defaultChoice('j', [doc('a')])).toEqual({ jobId: 'j', ids: [] })
  })

  it('ticks and unticks, and adds nothing past the limit', () => {
    const one = toggled({ jobId: 'j', ids: [] }, 'a')
    expect(one.ids).toEqual(['a'])
    expect(toggled(one, 'a').ids).toEqual([])
    const full = { jobId: 'j', ids: Array.from({ length: MAX_APPLICATION_DOCUMENTS }, (_, i) => `d${i}`) }
    expect(toggled(full, 'extra')).toBe(full)
    expect(toggled(full, 'd0').ids).toHaveLength(MAX_APPLICATION_DOCUMENTS - 1)
  })
})
