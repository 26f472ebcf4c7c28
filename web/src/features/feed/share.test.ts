import { describe, expect, it } from 'vitest'
import { jobShareText, jobUrl, letterWithDocuments, linkedInUrl, mailtoHref, whatsAppShareUrl } from './share'

describe('job sharing', () => {
  it('shares "title at company - url" with the job page address', () => {
    const url = jobUrl('https://jobtap.example', 'a b/c')
    expect(url).toBe('https://jobtap.example/job/a%20b%2Fc')
    const text = jobShareText({ job_title: 'Data Analyst', company_name: 'Econet & Co' }, url)
    expect(text).toBe('Data Analyst at Econet & Co - https://jobtap.example/job/a%20b%2Fc')
    const link = new URL(whatsAppShareUrl(text))
    expect(link.origin).toBe('https://wa.me')
    expect(link.searchParams.get('text')).toBe(text)
  })
})

describe('linkedInUrl', () => {
  it.each([
    ['https://www.linkedin.com/jobs/view/1', 'https://www.linkedin.com/jobs/view/1'],
    ['  http://linkedin.com/x  ', 'http://linkedin.com/x'],
    ['writers@mbiramedia.africa', null],
    ['mailto:jobs@acme.co', null],
    ['javascript:alert(1)', null],
    ['not a url', null],
    ['', null],
    [null, null],
  ])('%s → %s', (input, expected) => {
    expect(linkedInUrl(input)).toBe(expected)
  })
})

describe('mailtoHref', () => {
  it('encodes the subject and the letter, keeping the address readable', () => {
    const href = mailtoHref(' jobs@acme.co ', 'Application: Data Analyst & more', 'Dear team,\n\nI am 100% keen.')
    expect(href).toBe(
      'mailto:jobs@acme.co?subject=Application%3A%20Data%20Analyst%20%26%20more&body=Dear%20team%2C%0A%0AI%20am%20100%25%20keen.',
    )
  })

  it('cannot be tricked into extra headers by the address', () => {
    const href = mailtoHref('a@b.co?cc=evil@x.io', 'S', 'B')
    expect(href.startsWith('mailto:a@b.co%3Fcc%3Devil@x.io?subject=S')).toBe(true)
  })
})

describe('an e-mailed application', () => {
  it('lists a link to each ticked document after the letter, and nothing without one', () => {
    const links = [
      { name: 'cv.pdf', url: 'https://jobtap.example/api/v1/share/a' },
      { name: 'Nursing council certificate.pdf', url: 'https://jobtap.example/api/v1/share/b' },
    ]
    expect(letterWithDocuments('Dear Hiring Manager,\n\nKind regards\n\n', links, 30)).toBe(
      'Dear Hiring Manager,\n\nKind regards\n\nMy documents (each link opens for 30 days):\n' +
        '- cv.pdf: https://jobtap.example/api/v1/share/a\n' +
        '- Nursing council certificate.pdf: https://jobtap.example/api/v1/share/b',
    )
    expect(letterWithDocuments('Dear Hiring Manager,', [], 30)).toBe('Dear Hiring Manager,')
  })
})
