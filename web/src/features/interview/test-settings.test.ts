import { describe, expect, it } from 'vitest'
import { questionDisplayMs, TEST_QUESTION_DISPLAY_MS_KEY } from './test-settings'

const storage = (value: string | null) => ({
  getItem: (key: string) => (key === TEST_QUESTION_DISPLAY_MS_KEY ? value : null),
})

describe('questionDisplayMs', () => {
  it("is the question's display time without the test-only key", () => {
    expect(questionDisplayMs(9, storage(null))).toBe(9000)
    expect(questionDisplayMs(7, null)).toBe(7000)
  })

  it('takes a valid override from the test-only key', () => {
    expect(questionDisplayMs(9, storage('300'))).toBe(300)
  })

  it.each(['0', '-5', '1.5', 'abc', '10001', ''])('ignores %j', (value) => {
    expect(questionDisplayMs(8, storage(value))).toBe(8000)
  })
})
