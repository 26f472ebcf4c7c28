import { toast as sonner } from 'sonner'

type Args = Parameters<typeof sonner.error>

/** Error toasts on screen now: a new error replaces them, a success clears them. */
const shownErrors = new Set<string | number>()

function dismissErrors(except?: string | number) {
  for (const id of shownErrors) {
    if (id !== except) sonner.dismiss(id)
  }
  shownErrors.clear()
}

/**
 * The app's toasts: sonner's, with one rule on top. Errors do not pile up: a new
 * error replaces the ones showing, and a success clears them, since whatever they said has
 * been dealt with. Other toasts (plain, info, warning) stack as sonner stacks them. Arguments
 * are passed on exactly as given.
 */
export const toast = Object.assign((...args: Args) => sonner(...args), {
  error(...args: Args) {
    dismissErrors(args[1]?.id)
    const id = sonner.error(...args)
    // A test's stand-in for sonner may answer no id; dismissing `undefined` would clear all.
    if (id !== undefined) shownErrors.add(id)
    return id
  },
  success(...args: Args) {
    dismissErrors()
    return sonner.success(...args)
  },
  info: (...args: Args) => sonner.info(...args),
  warning: (...args: Args) => sonner.warning(...args),
  dismiss: (id?: string | number) => sonner.dismiss(id),
})
