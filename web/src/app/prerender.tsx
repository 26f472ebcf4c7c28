import { StrictMode } from 'react'
import { renderToString } from 'react-dom/server'
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router'
import { paths } from '@/config/paths'
import { AppProviders } from './providers'
import { routes } from './router'

/**
 * The public pages the build writes out as HTML (`tools/prerender.mjs`), so a phone paints
 * them from the first answer instead of after the JavaScript. Each is what a
 * signed-out visitor sees; `main.tsx` hydrates it when the visitor is signed out.
 */
export const PRERENDERED_PATHS = [paths.home, paths.auth, paths.employerAuth, paths.hrApi]

/**
 * Signed-in pages whose HTML names their code (`<link rel="modulepreload">`, written by
 * `tools/prerender.mjs`), so a phone fetches it beside the entry script instead of a round trip
 * after it has run: the feed, the first screen after sign-in and the installed app's start page.
 * The code is named as the route (`./router.tsx`) loads it: a source path, or the name of a chunk
 * group of `vite.config.ts`.
 */
export const PRELOADED_PAGES: Record<string, string[]> = {
  // The feed's group: its pages and everything they use beyond the entry.
  [paths.jobs]: ['feed'],
}

/** The HTML of the app's root element at `path`, as the browser's first render makes it. */
export async function renderPage(path: string): Promise<string> {
  const handler = createStaticHandler(routes)
  const context = await handler.query(new Request(new URL(path, 'http://localhost')))
  if (context instanceof Response) throw new Error(`${path} answers a redirect, not a page`)
  const router = createStaticRouter(handler.dataRoutes, context)
  return renderToString(
    <StrictMode>
      <AppProviders router={router}>
        {/* No inline hydration script (the CSP forbids it): these pages have no loader data. */}
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProviders>
    </StrictMode>,
  )
}
