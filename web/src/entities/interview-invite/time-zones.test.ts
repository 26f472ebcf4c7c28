import { describe, expect, it } from 'vitest'
import { browserTimeZone, timeZoneOptions } from './time-zones'

describe('time zone options', () => {
  it('keeps the form value, the browser zone and UTC, each once', () => {
    const options = timeZoneOptions('Africa/Harare')
    expect(options[0]).toBe('Africa/Harare')
    expect(options).toContain(browserTimeZone())
    expect(options).toContain('UTC')
    expect(new Set(options).size).toBe(options.length)
  })
})
