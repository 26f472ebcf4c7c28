import type { ReactNode } from 'react'
import { Button } from '@/components/button'
import { Spinner } from '@/components/spinner'
import { ApiError } from '@/lib/api-client'
import type { LinkCheck } from '../api/link-check'
import { PasswordLayout } from './password-layout'

/** What a link page says before its form. */
export type LinkWords = {
  title: string
  checking: string
  goneTitle: string
  incomplete: string
  retry: string
  failedCheck: string
}

/**
 * The page of a link from an e-mail while it is not yet usable: spent (410, or `spent` by the
 * form), incomplete (no token), failed to check (with "Try again"), or being checked; null once
 * the link is live. `goneAction` is what a spent link offers instead.
 */
export function linkStatePage<T>(
  check: LinkCheck<T>,
  { token, spent, retry, words, goneAction }: { token: string | null; spent: string | null; retry: () => void; words: LinkWords; goneAction: ReactNode },
): ReactNode | null {
  const failure = check.state === 'failed' ? check.error : null
  const gone =
    spent ??
    (token === null ? words.incomplete : null) ??
    (failure instanceof ApiError && failure.status === 410 ? failure.message : null)
  if (gone !== null) {
    return (
      <PasswordLayout title={words.goneTitle} description={gone}>
        {goneAction}
      </PasswordLayout>
    )
  }
  if (check.state === 'failed') {
    return (
      <PasswordLayout title={words.title} description={failure instanceof ApiError ? failure.message : words.failedCheck}>
        <Button size="lg" className="w-full" onClick={retry}>
          {words.retry}
        </Button>
      </PasswordLayout>
    )
  }
  if (check.state === 'checking') {
    return (
      <PasswordLayout title={words.title} description={words.checking}>
        <div className="flex justify-center py-4">
          <Spinner label={words.checking} className="[&_svg]:size-8" />
        </div>
      </PasswordLayout>
    )
  }
  return null
}
