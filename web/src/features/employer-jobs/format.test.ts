import { describe, expect, it } from 'vitest'
import { localIsoDate, utcIsoDate } from './format'
import { jobShareUrl } from './share'

describe('job formatting', () => {
  it('gives local and UTC days as YYYY-MM-DD', () => {
    expect(localIsoDate(new Date(2026, 1, 3, 23, 59))).toBe('2026-02-03')
    expect(utcIsoDate(Date.UTC(2026, 11, 31, 23, 59, 59, 999))).toBe('2026-12-31')
  })

  it('shares a job to chat with its title, company and the /jobs address', () => {
    const url = jobShareUrl({ job_title: 'Data Analyst', company_name: 'Acme & Co' }, 'https://jobtap.example')
    expect(url).toBe(
      'https://wa.me/?text=Data%20Analyst%20at%20Acme%20%26%20Co%20-%20https%3A%2F%2Fjobtap.example%2Fjobs',
    )
  })
})
