import { beforeAll, describe, expect, it } from 'vitest'
import { formatSalaryRange } from '@/lib/core-worker/pkg/jobtap_wasm.js'
import { instantiateCoreWasm } from '@/testing/core-sync-wasm'
import { sampleJob } from './sample-job'

beforeAll(() => instantiateCoreWasm())

describe('the landing page sample job', () => {
  it('writes its salary as every job card does', () => {
    expect(sampleJob.salary).toBe(formatSalaryRange(sampleJob.salaryMin, sampleJob.salaryMax))
  })
})
