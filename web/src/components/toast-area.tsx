import { useEffect, useState } from 'react'
import { Toaster } from 'sonner'

/** Space between the page's banner and the first toast. */
const GAP_PX = 8

/**
 * Where the page's banner ends, in px from the top of the document: the first `<header>`
 * on the page is the banner in every layout. 0 when the page has none.
 */
function bannerBottom(): number {
  const banner = document.querySelector('body header')
  if (banner === null) return 0
  return Math.round(banner.getBoundingClientRect().bottom + window.scrollY)
}

/** Follows the banner's bottom edge as routes swap headers and headers wrap or unwrap. */
function useBannerBottom(): number {
  const [bottom, setBottom] = useState(0)
  useEffect(() => {
    let frame = 0
    const measure = () => {
      cancelAnimationFrame(frame)
      frame = requestAnimationFrame(() => setBottom(bannerBottom()))
    }
    const resizes = new ResizeObserver(measure)
    resizes.observe(document.body)
    const mutations = new MutationObserver(measure)
    mutations.observe(document.body, { childList: true, subtree: true })
    measure()
    return () => {
      cancelAnimationFrame(frame)
      resizes.disconnect()
      mutations.disconnect()
    }
  }, [])
  return bottom
}

/**
 * The app's toasts, top centre but below the banner: a toast never covers the navigation, and
 * a pointer resting on the banner's buttons cannot hold a toast open (sonner pauses a hovered
 * toast).
 */
export function ToastArea() {
  const top = `${useBannerBottom() + GAP_PX}px`
  return <Toaster richColors position="top-center" offset={{ top }} mobileOffset={{ top }} />
}
