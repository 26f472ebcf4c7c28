import { beforeAll, describe, expect, it } from 'vitest'
import { fileSizeText } from '@/lib/core-worker/pkg/jobtap_wasm.js'
import { instantiateCoreWasm } from '@/testing/core-sync-wasm'
import { formatFileSize } from './file-size'

beforeAll(() => instantiateCoreWasm())

describe('file sizes', () => {
  it('read as the core writes them, from nothing to past the largest upload', () => {
    const differing: number[] = []
    // Every 97 bytes up to 12 MiB, and each exact half-tenth of a MB (where rounding could differ).
    for (let bytes = 0; bytes <= 12 * 1024 * 1024; bytes += 97) {
      if (formatFileSize(bytes) !== fileSizeText(bytes)) differing.push(bytes)
    }
    // Each side of every half-tenth of a KB up to 100 KB, where rounding could differ.
    for (let half = 0; half <= 2000; half += 1) {
      for (const bytes of [Math.floor(half * 51.2), Math.ceil(half * 51.2)]) {
        if (formatFileSize(bytes) !== fileSizeText(bytes)) differing.push(bytes)
      }
    }
    expect(differing).toEqual([])
  })

  it('read as people expect', () => {
    expect(formatFileSize(35021)).toBe('34.2 KB')
    expect(formatFileSize(1536)).toBe('1.5 KB')
    expect(formatFileSize(0)).toBe('0.0 KB')
    expect(formatFileSize(-5)).toBe('0.0 KB')
    expect(formatFileSize(10 * 1024 * 1024)).toBe('10,240.0 KB')
  })
})
