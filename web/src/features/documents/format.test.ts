import { describe, expect, it } from 'vitest'
import {
  activeLinks,
  documentTypeLabel,
  fitsAccept,
  formatDateTime,
  qrFileName,
  shareUrl,
  UPLOAD_TYPES,
} from './format'

describe('dates', () => {
  const moment = Date.UTC(2026, 10, 22, 16, 5)

  it('formats an upload time as a readable date and time', () => {
    expect(formatDateTime(moment, 'en-US', 'UTC')).toBe('Nov 22, 2026, 4:05 PM')
    expect(formatDateTime(moment, 'en-GB', 'Africa/Harare')).toBe('22 Nov 2026, 18:05')
  })
})

describe('fitsAccept', () => {
  it('matches extensions case-insensitively', () => {
    expect(fitsAccept('CV.PDF', UPLOAD_TYPES.resume.accept)).toBe(true)
    expect(fitsAccept('cv.docx', UPLOAD_TYPES.resume.accept)).toBe(true)
    expect(fitsAccept('badge.png', UPLOAD_TYPES.resume.accept)).toBe(false)
    expect(fitsAccept('badge.png', UPLOAD_TYPES.certificate.accept)).toBe(true)
    expect(fitsAccept('photo.jpeg', UPLOAD_TYPES.certificate.accept)).toBe(true)
    expect(fitsAccept('notes.txt', UPLOAD_TYPES.certificate.accept)).toBe(false)
    expect(fitsAccept('pdf', UPLOAD_TYPES.resume.accept)).toBe(false)
    expect(fitsAccept('upgraded-resume-1.txt', UPLOAD_TYPES.resume.accept)).toBe(true)
  })
})

describe('documentTypeLabel', () => {
  it('names each type', () => {
    expect(documentTypeLabel('resume')).toBe('Resume')
    expect(documentTypeLabel('certificate')).toBe('Certificate')
    expect(documentTypeLabel('other')).toBe('Other')
  })
})

describe('qrFileName', () => {
  it('drops the last extension and adds -qr.png', () => {
    expect(qrFileName('strong-developer.pdf')).toBe('strong-developer-qr.png')
    expect(qrFileName('cv.final.docx')).toBe('cv.final-qr.png')
    expect(qrFileName('resume')).toBe('resume-qr.png')
    expect(qrFileName('.pdf')).toBe('.pdf-qr.png')
    expect(qrFileName('')).toBe('document-qr.png')
  })
})

describe('shareUrl', () => {
  it('puts the server path on the page origin', () => {
    expect(shareUrl('https://jobtap.app', '/api/v1/share/abc')).toBe('https://jobtap.app/api/v1/share/abc')
    expect(shareUrl('http://127.0.0.1:5173', '/api/v1/share/x_y-z')).toBe('http://127.0.0.1:5173/api/v1/share/x_y-z')
  })
})

describe('activeLinks', () => {
  const links = [
    { id: 'new', expires_at: 2_000, revoked_at: null },
    { id: 'revoked', expires_at: 2_000, revoked_at: 500 },
    { id: 'expired', expires_at: 1_000, revoked_at: null },
    { id: 'open', expires_at: 1_500, revoked_at: null },
  ]

  it('keeps links neither revoked nor expired, in order', () => {
    expect(activeLinks(links, 1_000).map((l) => l.id)).toEqual(['new', 'open'])
  })

  it('leaves out the link being shown', () => {
    expect(activeLinks(links, 1_000, 'new').map((l) => l.id)).toEqual(['open'])
  })
})
