// A feature is changed on its own only while nothing outside it reaches into it: features import
// shared code (`components/`, `entities/`, `lib/`) and never each other; `app/` composes them into
// routes and pages. Shared code imports no feature, except a test of it that checks a feature's value.
import { describe, expect, it } from 'vitest'

const SOURCES = import.meta.glob<string>(['/src/**/*.{ts,tsx}', '!/src/generated/**', '!**/pkg/**'], {
  query: '?raw',
  import: 'default',
  eager: true,
})

/** Every module a source names: static, side-effect and dynamic imports, re-exports and mocks. */
export function importedPaths(source: string): string[] {
  const pattern = /(?:\bfrom\s+|\bimport\s*\(\s*|\bimport\s+|\bvi\.mock\(\s*)['"]([^'"]+)['"]/g
  return [...source.matchAll(pattern)].map((match) => match[1] ?? '')
}

/** `specifier` as a path from the root ("/src/…"), or null for a package. */
export function resolve(file: string, specifier: string): string | null {
  if (specifier.startsWith('@/')) return `/src/${specifier.slice(2)}`
  if (!specifier.startsWith('.')) return null
  const parts = file.split('/').slice(0, -1)
  for (const part of specifier.split('/')) {
    if (part === '..') parts.pop()
    else if (part !== '.') parts.push(part)
  }
  return parts.join('/')
}

/** The feature a path is in, or null outside `src/features`. */
export function featureOf(path: string): string | null {
  return /^\/src\/features\/([^/]+)\//.exec(path)?.[1] ?? null
}

const isTest = (file: string) => /\.test\.tsx?$/.test(file)
const isShared = (file: string) => /^\/src\/(components|entities|lib)\//.test(file)

/** "file → import" for each import that crosses a boundary, in `sources` (path → text). */
export function crossings(sources: Record<string, string>): string[] {
  const found: string[] = []
  for (const [file, source] of Object.entries(sources)) {
    const own = featureOf(file)
    const checked = own !== null || (isShared(file) && !isTest(file))
    if (!checked) continue
    for (const specifier of importedPaths(source)) {
      const target = resolve(file, specifier)
      const other = target === null ? null : featureOf(`${target}/`)
      if (other !== null && other !== own) found.push(`${file} → ${specifier}`)
    }
  }
  return found.sort()
}

describe('feature boundaries', () => {
  it('finds the crossings it is meant to find', () => {
    expect(
      crossings({
        '/src/features/a/components/x.tsx': [
          "import { Y } from '@/features/b/components/y'",
          "import { Z } from '../../c/z'",
          "const lazy = import('@/features/d/page')",
          "vi.mock('@/features/e/api/thing', () => ({}))",
          "import { Own } from '@/features/a/api/own'",
          "import { Near } from '../api/near'",
          "import { Shared } from '@/entities/profile'",
        ].join('\n'),
        '/src/lib/thing.ts': "import { Y } from '@/features/b/y'",
        '/src/lib/thing.test.ts': "import { Y } from '@/features/b/y'",
        '/src/app/router.tsx': "import { Y } from '@/features/b/y'",
      }),
    ).toEqual([
      '/src/features/a/components/x.tsx → ../../c/z',
      '/src/features/a/components/x.tsx → @/features/b/components/y',
      '/src/features/a/components/x.tsx → @/features/d/page',
      '/src/features/a/components/x.tsx → @/features/e/api/thing',
      '/src/lib/thing.ts → @/features/b/y',
    ])
  })

  it('no feature imports another, and shared code imports no feature', () => {
    expect(Object.keys(SOURCES).length).toBeGreaterThan(100)
    expect(crossings(SOURCES)).toEqual([])
  })
})
