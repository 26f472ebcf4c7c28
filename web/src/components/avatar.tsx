import { cn } from '@/lib/cn'
import { BlobImage } from './blob-image'

/** The first letters of the first and last names ("Ada Lovelace" → "AL"). */
function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean)
  const first = parts[0]?.[0] ?? ''
  const last = parts.length > 1 ? (parts[parts.length - 1]?.[0] ?? '') : ''
  return (first + last).toUpperCase() || '?'
}

/** A round picture, or the name's initials when there is none. Decorative: the surrounding link names it. */
export function Avatar({ name, image, className }: { name: string; image: Blob | null; className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        'inline-flex size-9 shrink-0 items-center justify-center overflow-hidden rounded-full bg-linear-to-br from-brand-600 to-accent-500 text-sm font-bold text-white',
        className,
      )}
    >
      {image ? <BlobImage blob={image} alt="" className="size-full object-cover" /> : initials(name)}
    </span>
  )
}
