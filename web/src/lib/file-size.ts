// File sizes as every screen writes them, by core's rule (core `format::file_size_text`).
// Written here so a chosen file's size shows with it, before the core's wasm has loaded; a
// test holds this to the core's own function.

import { countText } from './count-text'

/**
 * A file's size in KB with one decimal, thousands grouped (spec, candidate §9: "Document size is
 * shown in KB"): 35021 → "34.2 KB", 10 MiB → "10,240.0 KB". Whole tenths, halves up.
 */
export function formatFileSize(bytes: number): string {
  const tenths = Math.floor((Math.max(0, Math.floor(bytes)) * 10 + 512) / 1024)
  const whole = countText(Math.floor(tenths / 10))
  return `${whole}.${tenths % 10} KB`
}
