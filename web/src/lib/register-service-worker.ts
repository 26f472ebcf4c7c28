import { whenSettledOrTouched } from './when-settled-or-touched'

/**
 * Registers the service worker that vite-plugin-pwa generates (`/sw.js`) once the
 * page has loaded and settled (`whenSettledOrTouched`): its precaching (about half a
 * megabyte as sent compressed) must not compete with the first screen's code and data,
 * which on a client-drawn page arrive after the `load` event.
 * Production builds only: in development Vite serves modules the worker would
 * keep stale. A few lines instead of `virtual:pwa-register`, which would add
 * workbox-window to the first page's JavaScript.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return
  const register = () => {
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch((error: unknown) => {
      // The app works without it, only not offline.
      console.warn('The service worker could not be registered', error)
    })
  }
  window.addEventListener('load', () => whenSettledOrTouched(register), { once: true })
}
