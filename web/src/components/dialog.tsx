import { useEffect, useId, useRef, useState, type ReactNode, type RefObject } from 'react'
import { createPortal } from 'react-dom'
import { Button } from './button'

const FOCUSABLE = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  '[tabindex]:not([tabindex="-1"])',
].join(',')

function focusableIn(root: HTMLElement): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE)).filter((el) => !el.hasAttribute('inert'))
}

/** Whether the element's content is taller than the element (it scrolls); kept up to date as either resizes. */
function useOverflows(ref: RefObject<HTMLElement | null>): boolean {
  const [overflows, setOverflows] = useState(false)
  useEffect(() => {
    const el = ref.current
    if (!el || typeof ResizeObserver === 'undefined') return
    const check = () => setOverflows(el.scrollHeight > el.clientHeight + 1)
    check()
    const observer = new ResizeObserver(check)
    observer.observe(el)
    if (el.firstElementChild) observer.observe(el.firstElementChild)
    return () => observer.disconnect()
  }, [ref])
  return overflows
}

export type DialogProps = {
  open: boolean
  /** Called on Escape, the Close button or a click on the backdrop. */
  onClose: () => void
  title: string
  description?: ReactNode
  children: ReactNode
  /** Extra buttons shown before Close. */
  actions?: ReactNode
  /** The closing button's text ("Cancel" where the dialog asks for a choice). */
  closeLabel?: string
  /** The panel's height and width limits, replacing the default `max-h-[88dvh] max-w-lg`. */
  sizeClassName?: string
}

/**
 * A modal dialog: `role="dialog"` with `aria-modal`, labelled by its title.
 * Focus moves into it and stays there (Tab and Shift+Tab wrap), Escape closes
 * it, and focus returns to the element that opened it.
 */
export function Dialog({ open, ...props }: DialogProps) {
  if (!open) return null
  return createPortal(<DialogPanel {...props} />, document.body)
}

function DialogPanel({
  onClose,
  title,
  description,
  children,
  actions,
  closeLabel = 'Close',
  sizeClassName = 'max-h-[88dvh] max-w-lg',
}: Omit<DialogProps, 'open'>) {
  const panelRef = useRef<HTMLDivElement>(null)
  const onCloseRef = useRef(onClose)
  const titleId = useId()
  const descriptionId = useId()
  const bodyRef = useRef<HTMLDivElement>(null)
  const scrollable = useOverflows(bodyRef)

  useEffect(() => {
    onCloseRef.current = onClose
  }, [onClose])

  useEffect(() => {
    const panel = panelRef.current
    if (!panel) return
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null
    panel.focus()

    function onKeyDown(event: KeyboardEvent) {
      if (!panel) return
      if (event.key === 'Escape') {
        event.preventDefault()
        onCloseRef.current()
        return
      }
      if (event.key !== 'Tab') return
      const items = focusableIn(panel)
      const first = items[0]
      const last = items[items.length - 1]
      if (!first || !last) {
        event.preventDefault()
        panel.focus()
        return
      }
      const active = document.activeElement
      const outside = !(active instanceof Node) || !panel.contains(active)
      if (event.shiftKey && (outside || active === first || active === panel)) {
        event.preventDefault()
        last.focus()
      } else if (!event.shiftKey && (outside || active === last)) {
        event.preventDefault()
        first.focus()
      }
    }

    document.addEventListener('keydown', onKeyDown)
    const previousOverflow = document.body.style.overflow
    document.body.style.overflow = 'hidden'
    return () => {
      document.removeEventListener('keydown', onKeyDown)
      document.body.style.overflow = previousOverflow
      opener?.focus()
    }
  }, [])

  return (
    <div className="fixed inset-0 z-50 flex items-end justify-center p-3 sm:items-center sm:p-6">
      <div
        aria-hidden="true"
        data-testid="dialog-backdrop"
        className="absolute inset-0 animate-fade-in bg-slate-950/55 backdrop-blur-sm"
        onClick={onClose}
      />
      <div
        ref={panelRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        tabIndex={-1}
        className={`relative flex w-full ${sizeClassName} animate-pop-in flex-col rounded-2xl bg-white shadow-2xl outline-none`}
      >
        <div className="px-6 pt-6">
          <h2 id={titleId} className="text-xl font-bold tracking-tight break-words text-slate-900">
            {title}
          </h2>
          {description && (
            <p id={descriptionId} className="mt-1 text-sm break-words text-slate-600">
              {description}
            </p>
          )}
        </div>
        {/* A body taller than the panel scrolls; it then takes focus so the keyboard can scroll it too. */}
        <div
          ref={bodyRef}
          role={scrollable ? 'region' : undefined}
          aria-labelledby={scrollable ? titleId : undefined}
          tabIndex={scrollable ? 0 : undefined}
          className="min-h-0 flex-1 overflow-y-auto px-6 py-4 text-sm leading-relaxed text-slate-700"
        >
          <div>{children}</div>
        </div>
        <div className="flex flex-wrap justify-end gap-2 border-t border-slate-100 px-6 py-4">
          {actions}
          <Button variant="secondary" onClick={onClose}>
            {closeLabel}
          </Button>
        </div>
      </div>
    </div>
  )
}
