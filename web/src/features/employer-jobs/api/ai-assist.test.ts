import { afterEach, describe, expect, it, vi } from 'vitest'
import { generateDescription, parseScore, parseSkills, suggestSkills, suggestTalentScore, UnparsableSuggestionsError } from './ai-assist'

function answer(result: unknown) {
  const fetchMock = vi.fn<typeof fetch>(async () => new Response(JSON.stringify({ result }), { status: 200 }))
  vi.stubGlobal('fetch', fetchMock)
  return fetchMock
}

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('AI answers', () => {
  it('reads skills from JSON text of a list, or a list, or fenced JSON', () => {
    expect(parseSkills('["SQL", "Python"]')).toEqual(['SQL', 'Python'])
    expect(parseSkills(['SQL'])).toEqual(['SQL'])
    expect(parseSkills('```json\n["Excel"]\n```')).toEqual(['Excel'])
    expect(parseSkills('["SQL", 3, null]')).toEqual(['SQL'])
  })

  it('gives up on skills that are not a list', () => {
    expect(parseSkills('SQL, Python')).toBeNull()
    expect(parseSkills('{"skills": ["SQL"]}')).toBeNull()
    expect(parseSkills(42)).toBeNull()
  })

  it('reads the talent score as a whole percentage, 20 when it is not a number', () => {
    expect(parseScore(45)).toBe(45)
    expect(parseScore('62.4')).toBe(62)
    expect(parseScore(140)).toBe(100)
    expect(parseScore(-3)).toBe(0)
    expect(parseScore('about forty')).toBe(20)
    expect(parseScore(null)).toBe(20)
  })

  it('sends the spec bodies to /functions/ai-job-assistance', async () => {
    const fetchMock = answer('A great role.')
    await expect(
      generateDescription({ jobTitle: 'Analyst', companyName: 'Acme', jobType: 'Full-time', experienceLevel: '' }),
    ).resolves.toBe('A great role.')
    const [url, init] = fetchMock.mock.calls[0] ?? []
    expect(url).toBe('/api/v1/functions/ai-job-assistance')
    expect(JSON.parse(String(init?.body))).toEqual({
      type: 'description',
      input: { jobTitle: 'Analyst', companyName: 'Acme', jobType: 'Full-time', experienceLevel: 'Not specified' },
    })

    const scoreFetch = answer(55)
    await expect(
      suggestTalentScore({ jobTitle: 'Analyst', description: 'Reports', requirements: ['A', 'B'], skills: ['SQL', 'Excel'] }),
    ).resolves.toBe(55)
    expect(JSON.parse(String(scoreFetch.mock.calls[0]?.[1]?.body))).toEqual({
      type: 'talent-score',
      input: { jobTitle: 'Analyst', description: 'Reports', requirements: 'A, B', skills: 'SQL, Excel' },
    })
  })

  it('throws UnparsableSuggestionsError for a skills answer that is not a list', async () => {
    answer('SQL and Python')
    await expect(suggestSkills({ jobTitle: 'Analyst', description: 'Reports' })).rejects.toBeInstanceOf(
      UnparsableSuggestionsError,
    )
  })
})
