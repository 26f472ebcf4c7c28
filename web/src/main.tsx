import { StrictMode } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { RouterProvider } from 'react-router/dom'
import { AppProviders } from '@/app/providers'
import { createAppRouter, loadMatchedRouteModules } from '@/app/router'
import { sessionStore } from '@/lib/session'
import { registerServiceWorker } from '@/lib/register-service-worker'
import './index.css'

const root = document.getElementById('root')
if (!root) throw new Error('The page has no #root element')

function app(router: ReturnType<typeof createAppRouter>) {
  return (
    <StrictMode>
      <AppProviders router={router}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>
  )
}

async function start(container: HTMLElement) {
  // A prerendered public page (`src/app/prerender.tsx`) holds its HTML already. Its code is
  // loaded before the first render, so that render is the page itself, not a loading state.
  if (container.hasChildNodes()) {
    try {
      await loadMatchedRouteModules(window.location)
      // The HTML is what a signed-out visitor sees; anyone else gets their own page drawn anew.
      if (sessionStore.get() === null) {
        hydrateRoot(container, app(createAppRouter()))
        return
      }
    } catch (error) {
      // The page's code did not arrive (a dropped connection, a newer deploy): the router
      // loads it again, or shows its error page, rather than leaving the HTML without its code.
      console.error(error)
    }
    container.replaceChildren()
  }
  // Not as a transition: a time-sliced first render lets the router finish loading the page
  // before RouterProvider subscribes to it (it reads the state while rendering and subscribes in
  // a layout effect), and the page would stay on its loading state.
  createRoot(container).render(app(createAppRouter()))
}

void start(root)
registerServiceWorker()
