import { Bell, CheckCheck, Settings } from 'lucide-react'
import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react'
import { Link } from 'react-router'
import { paths } from '@/config/paths'
import { useBell, useMarkRead } from '@/entities/notifications'
import { Button } from './button'

/** The least room between the panel and the screen's edge (the panel is at most 100vw − 2 × this wide). */
const PANEL_MARGIN_PX = 16

/**
 * The bell in every signed-in header: the unread count on the button, and a panel listing the
 * newest notifications (new applicants for employers, decisions for candidates). Opening one
 * marks it read; "Mark all as read" clears the count. The same events are e-mailed unless
 * turned off on the Notifications page, which the panel links to.
 */
export function NotificationBell() {
  const bell = useBell()
  const markRead = useMarkRead()
  const [open, setOpen] = useState(false)
  const panelId = useId()
  const buttonRef = useRef<HTMLButtonElement>(null)
  const panelRef = useRef<HTMLDivElement>(null)
  const wrapperRef = useRef<HTMLDivElement>(null)
  const unread = bell.data?.unread_count ?? 0
  const items = bell.data?.notifications ?? []

  useEffect(() => {
    if (!open) return
    function onKeyDown(event: KeyboardEvent) {
      if (event.key !== 'Escape') return
      setOpen(false)
      buttonRef.current?.focus()
    }
    function onPointerDown(event: PointerEvent) {
      const target = event.target as Node
      if (!panelRef.current?.contains(target) && !buttonRef.current?.contains(target)) setOpen(false)
    }
    document.addEventListener('keydown', onKeyDown)
    document.addEventListener('pointerdown', onPointerDown)
    return () => {
      document.removeEventListener('keydown', onKeyDown)
      document.removeEventListener('pointerdown', onPointerDown)
    }
  }, [open])

  // The headers are stacking contexts (their backdrop blur) raised above the page, so the panel
  // is drawn over the content below them. The panel hangs from the bell's right edge; on a phone the bell sits too far left for that,
  // so the panel moves right until its left edge is on the screen.
  useLayoutEffect(() => {
    if (!open) return
    function place() {
      const wrapper = wrapperRef.current
      const panel = panelRef.current
      if (!wrapper || !panel) return
      const right = wrapper.getBoundingClientRect().right
      panel.style.right = `${Math.min(0, right - panel.offsetWidth - PANEL_MARGIN_PX)}px`
    }
    place()
    window.addEventListener('resize', place)
    return () => window.removeEventListener('resize', place)
  }, [open])

  const label = unread === 0 ? 'Notifications' : `Notifications, ${unread} unread`

  return (
    <div ref={wrapperRef} className="relative">
      <Button
        ref={buttonRef}
        variant="ghost"
        size="sm"
        aria-label={label}
        title={label}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((was) => !was)}
      >
        <Bell aria-hidden="true" />
        {unread > 0 && (
          <span
            aria-hidden="true"
            data-testid="bell-count"
            className="absolute -top-0.5 -right-0.5 flex min-w-5 items-center justify-center rounded-full bg-brand-600 px-1 text-xs leading-5 font-semibold text-white"
          >
            {unread > 99 ? '99+' : unread}
          </span>
        )}
      </Button>
      {open && (
        <div
          ref={panelRef}
          id={panelId}
          role="region"
          aria-label="Your notifications"
          className="absolute right-0 z-40 mt-2 w-[min(22rem,calc(100vw-2rem))] rounded-2xl border border-slate-200 bg-white p-2 shadow-xl"
        >
          <div className="flex items-center justify-between gap-2 px-2 py-1">
            <h2 className="text-sm font-semibold text-slate-900">Notifications</h2>
            <Button variant="ghost" size="sm" disabled={unread === 0 || markRead.isPending} onClick={() => markRead.mutate(undefined)}>
              <CheckCheck aria-hidden="true" />
              Mark all as read
            </Button>
          </div>
          {bell.isError ? (
            <p className="px-2 py-3 text-sm text-slate-600">Could not load your notifications.</p>
          ) : items.length === 0 ? (
            <p className="px-2 py-3 text-sm text-slate-600">{bell.isPending ? 'Loading…' : 'Nothing new yet.'}</p>
          ) : (
            <ul className="max-h-96 space-y-1 overflow-y-auto">
              {items.map((item) => (
                <li key={item.id}>
                  <Link
                    to={item.link}
                    onClick={() => {
                      if (!item.read) markRead.mutate(item.id)
                      setOpen(false)
                    }}
                    className="block rounded-xl px-2 py-2 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600"
                  >
                    <span className="flex items-center gap-2 text-sm font-medium text-slate-900">
                      {!item.read && (
                        <>
                          <span aria-hidden="true" className="size-2 shrink-0 rounded-full bg-brand-600" />
                          <span className="sr-only">Unread: </span>
                        </>
                      )}
                      {item.title}
                    </span>
                    <span className="mt-0.5 block text-sm text-slate-600">{item.body}</span>
                    <span className="mt-0.5 block text-xs text-slate-500">{item.created_text}</span>
                  </Link>
                </li>
              ))}
            </ul>
          )}
          <Link
            to={paths.notificationSettings}
            onClick={() => setOpen(false)}
            className="mt-1 flex items-center gap-2 rounded-xl px-2 py-2 text-sm font-medium text-brand-700 hover:bg-slate-100"
          >
            <Settings aria-hidden="true" className="size-4" />
            E-mail settings
          </Link>
        </div>
      )}
    </div>
  )
}
