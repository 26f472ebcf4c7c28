import { UserRound } from 'lucide-react'
import { cn } from '@/lib/cn'
import { initials } from './avatar-label'
import { BlobImage } from './blob-image'

/**
 * A round picture, or the name's initials when there is none. Decorative: the surrounding link
 * names it, and when initials show, its name starts with them (WCAG 2.5.3, Label in Name:
 * see `avatarLinkLabel`).
 */
export function Avatar({
  name,
  image,
  className,
  initialsShown = true,
}: {
  name: string
  image: Blob | null
  className?: string
  /** False where the name is written beside the avatar: a figure then stands in for the initials. */
  initialsShown?: boolean
}) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        'inline-flex size-9 shrink-0 items-center justify-center overflow-hidden rounded-full bg-linear-to-br from-brand-600 to-accent-500 text-sm font-bold text-white',
        className,
      )}
    >
      {image ? (
        <BlobImage blob={image} alt="" className="size-full object-cover" />
      ) : initialsShown ? (
        initials(name)
      ) : (
        <UserRound className="size-5" />
      )}
    </span>
  )
}

