import { describe, expect, it } from 'vitest'
import type { UserDocument } from '@/entities/documents'
import { uploadFormData, withDefault } from './documents'

function doc(id: string, type: UserDocument['document_type'], isDefault = false): UserDocument {
  return {
    id,
    document_type: type,
    file_name: `${id}.pdf`,
    file_size: 1024,
    content_type: 'application/pdf',
    is_default: isDefault,
    uploaded_at: 0,
  }
}

describe('uploadFormData', () => {
  it('sends the type and the one file', () => {
    const file = new File(['%PDF-1.4'], 'cv.pdf', { type: 'application/pdf' })
    const data = uploadFormData('certificate', file)
    expect(data.get('document_type')).toBe('certificate')
    expect((data.get('file') as File).name).toBe('cv.pdf')
    expect([...data.keys()]).toEqual(['document_type', 'file'])
  })
})

describe('withDefault', () => {
  it('marks only the new default', () => {
    const before = [doc('a', 'resume', true), doc('b', 'resume'), doc('c', 'certificate')]
    const after = withDefault(before, 'b')
    expect(after.map((d) => d.is_default)).toEqual([false, true, false])
    // Unchanged rows keep their identity.
    expect(after[2]).toBe(before[2])
  })
})
