/**
 * Registers the service worker that vite-plugin-pwa generates (`/sw.js`), after
 * the page has loaded so its precaching does not compete with the first paint.
 * Production builds only: in development Vite serves modules the worker would
 * keep stale. A few lines instead of `virtual:pwa-register`, which would add
 * workbox-window to the first page's JavaScript.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return
  window.addEventListener('load', () => {
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch((error: unknown) => {
      // The app works without it, only not offline.
      console.warn('The service worker could not be registered', error)
    })
  })
}
