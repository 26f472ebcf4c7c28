// The API's request and answer types, read from the types generated from the server's OpenAPI
// document (src/generated/api.ts, `make generated`): features name them, never retype them.
import type { components } from '@/generated/api'

/** The schema `Name` of the API's OpenAPI document. */
export type Schema<Name extends keyof components['schemas']> = components['schemas'][Name]
