// Tests read fixture bytes and the wasm module from disk; the app's type
// program has no Node types, so the one function they use is declared here.
declare module 'node:fs/promises' {
  export function readFile(path: URL | string): Promise<Uint8Array<ArrayBuffer>>
}
