import { describe, expect, it } from 'vitest'
import {
  candidateSummary,
  recommendationText,
  summaryChatLink,
  summaryMailto,
} from './format'

const application = {
  candidate_name: 'Tendai Moyo',
  candidate_email: 'tendai@example.com',
  candidate_location: 'Harare',
  job_title: 'Data Analyst',
  total_raw_score: 15.1,
  score_percentage: 77,
}

describe('application formatting', () => {
  it('says who the recommendation is, with the score out of 19.6 and the percentage', () => {
    expect(recommendationText(application)).toBe('Tendai Moyo — 15.1/19.6 (77.0%) for Data Analyst')
  })

  it('summarises a candidate for sharing, leaving out a missing location', () => {
    expect(candidateSummary(application)).toBe(
      'Candidate: Tendai Moyo\nEmail: tendai@example.com\nLocation: Harare\nApplied for: Data Analyst\nScore: 15.1/19.6 (77.0%)',
    )
    expect(candidateSummary({ ...application, candidate_location: null })).not.toContain('Location')
  })

  it('builds the e-mail and chat share links', () => {
    const mailto = new URL(summaryMailto(application))
    expect(mailto.protocol).toBe('mailto:')
    expect(mailto.searchParams.get('subject')).toBe('Candidate: Tendai Moyo for Data Analyst')
    expect(mailto.searchParams.get('body')).toBe(candidateSummary(application))
    const chat = new URL(summaryChatLink(application))
    expect(chat.origin).toBe('https://wa.me')
    expect(chat.searchParams.get('text')).toBe(candidateSummary(application))
  })
})
