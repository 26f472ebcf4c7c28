import { applicationStatus } from '@/lib/core-worker/pkg/jobtap_wasm.js'
import type { ApplicationStatusFields } from '@/lib/application-status'
import { instantiateCoreWasm } from './core-sync-wasm'

/**
 * The status fields the API sends with an application stored as `status`, from the real core
 * (what the server runs), for the fake servers of component tests.
 */
export function statusFields(status: string): ApplicationStatusFields {
  instantiateCoreWasm()
  return applicationStatus(status)
}
