import { AtSign, Globe } from 'lucide-react'
import { BADGE_ADDRESS, BADGE_ADDRESS_TITLE, BADGE_DOMAIN, BADGE_DOMAIN_TITLE } from '@/generated/catalogue'
import type { Schema } from '@/lib/api-schema'
import { cn } from '@/lib/cn'

type EmployerChecks = Schema<'EmployerChecks'>

const badge = 'inline-flex items-center gap-1 rounded-full bg-sky-50 px-2.5 py-0.5 text-xs font-semibold text-sky-800'

/**
 * "Address confirmed" and "Domain confirmed": what the server checked about a job's employer
 * (core's `company` rule), each with what was checked as its title and, for screen readers and
 * phones without hover, in its accessible text. Nothing when nothing was checked.
 */
export function EmployerBadges({ checks, className }: { checks: EmployerChecks | undefined; className?: string }) {
  if (!checks?.address_confirmed) return null
  const domain = checks.confirmed_domain
  return (
    <ul aria-label="What JobTap checked about this employer" className={cn('flex flex-wrap gap-1.5', className)}>
      <li className={badge} title={BADGE_ADDRESS_TITLE}>
        <AtSign aria-hidden="true" className="size-3.5" />
        {BADGE_ADDRESS}
        <span className="sr-only">: {BADGE_ADDRESS_TITLE}</span>
      </li>
      {domain && (
        <li className={badge} title={BADGE_DOMAIN_TITLE.replace('{domain}', domain)}>
          <Globe aria-hidden="true" className="size-3.5" />
          {BADGE_DOMAIN}
          <span className="sr-only">: {BADGE_DOMAIN_TITLE.replace('{domain}', domain)}</span>
        </li>
      )}
    </ul>
  )
}
