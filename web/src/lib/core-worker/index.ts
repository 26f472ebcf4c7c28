import { wrap, type Remote } from 'comlink'
import type { CoreApi } from './worker'

export type { CoreApi, FieldProblem, FormCheck, OnboardingInput, RoleStyle, UploadSlot } from './worker'
export type * from './interview'

let core: Remote<CoreApi> | undefined

/** The Rust core running in its worker; the worker starts on first use and is shared. */
export function getCore(): Remote<CoreApi> {
  core ??= wrap<CoreApi>(
    new Worker(new URL('./worker.ts', import.meta.url), { type: 'module', name: 'jobtap-core' }),
  )
  return core
}
