// Dialogs that one feature owns and another feature's page opens (the feed's
// "Upgrade Resume" opens the resume feature's dialog). The page asks by name;
// app/ mounts the dialog. So features never import each other.
import { useEffect, useSyncExternalStore } from 'react'

/** The dialogs that can be asked for. */
export type AppDialogName = 'resume-upgrade'

/** A dialog asked for, with what it is about: the job a resume is tailored for. */
export type AppDialog = { name: AppDialogName; job?: { id: string; title: string } }

let current: AppDialog | null = null
const listeners = new Set<() => void>()

function set(next: AppDialog | null) {
  if (current === next) return
  current = next
  for (const listener of listeners) listener()
}

function subscribe(listener: () => void) {
  listeners.add(listener)
  return () => {
    listeners.delete(listener)
  }
}

/** Asks app/ to show dialog `name` (one at a time), about `job` when given. */
function openAppDialog(name: AppDialogName, job?: AppDialog['job']): void {
  set({ name, job })
}

/**
 * For the page that opens dialogs: returns the opener. A dialog belongs to its
 * page, so it closes when the page goes (a navigation, or signing out).
 */
export function useAppDialogOpener(): (name: AppDialogName, job?: AppDialog['job']) => void {
  useEffect(() => closeAppDialog, [])
  return openAppDialog
}

/** Closes whichever dialog is open. */
export function closeAppDialog(): void {
  set(null)
}

/** The dialog asked for, if any. */
export function useAppDialog(): AppDialog | null {
  // A prerendered page is drawn with no dialog open.
  return useSyncExternalStore(subscribe, () => current, () => null)
}
