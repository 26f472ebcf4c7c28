import { Link } from 'react-router'
import { paths } from '@/config/paths'
import { cn } from '@/lib/cn'

/** The JobTap mark and name, linking home. */
export function BrandLogo({ inverse = false, className }: { inverse?: boolean; className?: string }) {
  return (
    <Link
      to={paths.home}
      className={cn(
        'inline-flex items-center gap-2 rounded-lg text-xl font-extrabold tracking-tight',
        inverse ? 'text-white' : 'text-slate-900',
        className,
      )}
    >
      <img src="/favicon.svg" alt="" width={32} height={32} className="size-8" />
      <span>JobTap</span>
    </Link>
  )
}
