import { initSync } from '@/lib/core-worker/pkg/jobtap_wasm.js'

/** Node's file reader, reached without Node's types (the app's code is typed for the browser). */
type NodeFs = { readFileSync(path: URL): Uint8Array<ArrayBuffer> }
type NodeProcess = { getBuiltinModule(id: 'node:fs'): NodeFs }

/**
 * Instantiates the real core wasm from its file. jsdom cannot fetch a file URL,
 * so without this `loadCoreSync()` (started by the feed's swipe card) would
 * fail; once the module is instantiated, its `init()` returns at once.
 */
export function instantiateCoreWasm(): void {
  const { process } = globalThis as unknown as { process: NodeProcess }
  // Through a variable: Vite rewrites `new URL('…', import.meta.url)` into a served address.
  const here = import.meta.url
  const file = new URL('../lib/core-worker/pkg/jobtap_wasm_bg.wasm', here)
  initSync({ module: process.getBuiltinModule('node:fs').readFileSync(file) })
}
