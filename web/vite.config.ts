/// <reference types="vitest/config" />
import { fileURLToPath } from 'node:url'
import tailwindcss from '@tailwindcss/vite'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'
import { VitePWA } from 'vite-plugin-pwa'

/** The Rust server (`jobtap serve`) listens here in development; it also serves the alert e-mails' pages. */
const apiProxy = { '/api': { target: 'http://127.0.0.1:8080' }, '/alerts': { target: 'http://127.0.0.1:8080' } }

/**
 * The installable app (issue #11): a web manifest, and a service worker that precaches the
 * app shell, every lazy chunk, the worker and the wasm, so a signed-in user can open the app
 * offline. API answers are never cached by it: saved data lives in the TanStack Query cache
 * (persisted per user). Registered by `src/lib/register-service-worker.ts`, in production only.
 */
const pwa = VitePWA({
  // No skipWaiting: a new version takes over once every JobTap tab is closed, so an open tab
  // keeps loading the lazy chunks of the build it started with.
  registerType: 'prompt',
  injectRegister: false,
  includeManifestIcons: false,
  manifest: {
    name: 'JobTap',
    short_name: 'JobTap',
    description: 'Swipe through jobs and double tap to apply.',
    id: '/',
    start_url: '/jobs',
    scope: '/',
    display: 'standalone',
    theme_color: '#7c3aed',
    background_color: '#ffffff',
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
      { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  },
  workbox: {
    globPatterns: ['**/*.{html,js,css,wasm,svg}'],
    // The core's wasm is a few hundred KB; leave room for it to grow rather than drop it silently.
    maximumFileSizeToCacheInBytes: 8 * 1024 * 1024,
    navigateFallback: '/index.html',
    // Like the server's client routes: never the API, never the server's own alert pages (the
    // e-mails' confirm and unsubscribe links), never a path naming a file (the guide PDF).
    navigateFallbackDenylist: [/^\/api(\/|$)/, /^\/alerts(\/|$)/, /\/[^/]*\.[^/]*$/],
    cleanupOutdatedCaches: true,
    runtimeCaching: [],
  },
})

export default defineConfig({
  plugins: [react(), tailwindcss(), pwa],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  build: {
    // Read by tools/prerender.mjs to name a page's code in its HTML, then removed.
    manifest: true,
    rolldownOptions: {
      output: {
        // Over a phone's connection (HTTP/1.1: six connections, a round trip per file) the number
        // of files before the first screen costs as much as their bytes. The groups, in order:
        // - icons and the query library: one file each, shared by every page; an icon only one
        //   page uses stays with that page, and the virtual list (only the bulk import's table)
        //   is not part of the query file;
        // - app: everything the entry loads, in one file (without it, the groups below would
        //   split the entry into the pieces they share with it);
        // - shared: the app's own components and helpers that two pages or more use, in one file,
        //   except the core worker's client, which brings comlink and loads when a page needs
        //   the core;
        // - feed: the feed's pages and what they use beyond the groups above, named in `/jobs`'
        //   HTML (`tools/prerender.mjs` refuses a build in which another page's file imports it).
        codeSplitting: {
          groups: [
            { name: 'icons', test: /node_modules[\\/]lucide-react/, minShareCount: 2 },
            { name: 'query', test: /node_modules[\\/]@tanstack[\\/](query-|react-query)/ },
            { name: 'app', tags: ['$initial'], includeDependenciesRecursively: false },
            {
              name: 'shared',
              test: (id) => /[\\/]src[\\/](components|lib|entities)[\\/]/.test(id) && !/[\\/]core-worker[\\/]/.test(id),
              minShareCount: 2,
              includeDependenciesRecursively: false,
            },
            { name: 'feed', test: /[\\/]src[\\/]features[\\/]feed[\\/]/ },
          ],
        },
      },
    },
  },
  // The core worker is an ES module worker (it imports the wasm-bindgen glue).
  worker: { format: 'es' },
  server: { proxy: apiProxy },
  preview: { proxy: apiProxy },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/testing/setup-tests.ts'],
    restoreMocks: true,
    // Above the 5 s that findBy/waitFor may wait (src/testing/setup-tests.ts).
    testTimeout: 15_000,
  },
})
