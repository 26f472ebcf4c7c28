import { beforeEach, describe, expect, it } from 'vitest'
import { candidateHomePath, JOB_TO_VIEW_KEY, rememberJobToView } from './job-to-view'

describe('the job to view after signing in', () => {
  beforeEach(() => {
    sessionStorage.clear()
  })

  it('is the feed when no job was remembered', () => {
    expect(candidateHomePath()).toBe('/jobs')
  })

  it('is the remembered job, used once', () => {
    rememberJobToView('job 7')
    expect(sessionStorage.getItem(JOB_TO_VIEW_KEY)).toBe('job 7')
    expect(candidateHomePath()).toBe('/job/job%207')
    expect(sessionStorage.getItem(JOB_TO_VIEW_KEY)).toBeNull()
    expect(candidateHomePath()).toBe('/jobs')
  })
})
