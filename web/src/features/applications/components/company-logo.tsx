import { Briefcase } from 'lucide-react'
import { useState } from 'react'
import { RoleIcon as RoleGlyph } from '@/components/role-icon'
import { Skeleton } from '@/components/spinner'
import type { RoleStyle } from '@/lib/core-worker'

const BOX = 'flex size-14 shrink-0 items-center justify-center overflow-hidden rounded-xl'

/**
 * The role icon on its gradient, for a job without a (working) logo: a
 * placeholder while the core picks it, a plain briefcase if the core failed.
 */
function RoleIcon({ role, failed = false }: { role: RoleStyle | undefined; failed?: boolean }) {
  if (role === undefined && failed) {
    return (
      <span aria-hidden="true" className={`${BOX} bg-slate-100 text-slate-400 [&_svg]:size-7`}>
        <Briefcase />
      </span>
    )
  }
  if (role === undefined) return <Skeleton className={BOX} />
  return (
    <span
      aria-hidden="true"
      data-testid="role-icon"
      data-role={role.key}
      className={`${BOX} text-white [&_svg]:size-7`}
      style={{ backgroundImage: `linear-gradient(135deg, ${role.gradient.from}, ${role.gradient.to})` }}
    >
      <RoleGlyph name={role.icon} />
    </span>
  )
}

/**
 * The company's logo; the role icon when there is none or it fails to load
 * (spec, candidate §2 "Job card"). Decorative: the company is named beside it.
 */
export function CompanyLogo({
  logo,
  role,
  coreFailed,
}: {
  logo: string | null
  role: RoleStyle | undefined
  /** Whether the core could not give the role style. */
  coreFailed: boolean
}) {
  const [logoFailed, setLogoFailed] = useState(false)
  if (logo && !logoFailed) {
    return (
      <span className={`${BOX} bg-white ring-1 ring-slate-200`}>
        <img src={logo} alt="" className="size-full object-contain" onError={() => setLogoFailed(true)} />
      </span>
    )
  }
  return <RoleIcon role={role} failed={coreFailed} />
}
