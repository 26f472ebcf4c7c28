import { useState } from 'react'
import { cn } from '@/lib/cn'
import { RoleIcon } from '@/components/role-icon'
import type { RoleStyle } from '@/lib/core-worker'

/**
 * The company logo, or the job title's role icon on its gradient (`role`, the core's choice)
 * when there is no logo or it fails to load (spec, candidate §2 "Job card").
 */
export function JobLogo({
  logo,
  role,
  company,
  className,
}: {
  logo: string | null
  role: RoleStyle
  company: string
  className?: string
}) {
  const [failed, setFailed] = useState<string | null>(null)
  const box = cn('size-14 sm:size-16 shrink-0 overflow-hidden rounded-2xl', className)
  if (logo && failed !== logo) {
    return (
      <img
        src={logo}
        alt={`${company} logo`}
        className={cn(box, 'border border-slate-200 bg-white object-contain')}
        onError={() => setFailed(logo)}
        draggable={false}
      />
    )
  }
  const style = role
  return (
    <div
      data-testid="role-icon"
      data-role={style.key}
      aria-hidden="true"
      className={cn(box, 'flex items-center justify-center text-white shadow-md')}
      style={{ backgroundImage: `linear-gradient(135deg, ${style.gradient.from}, ${style.gradient.to})` }}
    >
      <RoleIcon name={style.icon} className="size-8" />
    </div>
  )
}
