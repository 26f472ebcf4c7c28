import { useEffect, useRef, type ComponentProps } from 'react'

/**
 * An image from a Blob (a fetched avatar, a chosen file). The object URL is
 * created while mounted and revoked when the blob changes or on unmount.
 */
export function BlobImage({ blob, alt, ...props }: Omit<ComponentProps<'img'>, 'src'> & { blob: Blob; alt: string }) {
  const ref = useRef<HTMLImageElement>(null)
  useEffect(() => {
    const img = ref.current
    if (!img) return
    const url = URL.createObjectURL(blob)
    img.src = url
    return () => {
      img.removeAttribute('src')
      URL.revokeObjectURL(url)
    }
  }, [blob])
  return <img ref={ref} alt={alt} {...props} />
}
