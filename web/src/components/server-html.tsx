import type { MouseEvent } from 'react'
import { useNavigate } from 'react-router'
import { cn } from '@/lib/cn'

/**
 * HTML the server rendered from markdown and sanitised (api/src/ai/markdown.rs:
 * raw HTML dropped, images reduced to their alt text, links kept only for
 * http(s) and paths on this site). Only an API file casts a server field to it.
 */
export type ServerSanitisedHtml = string & { readonly __brand: 'server-sanitised-html' }

/** Markdown's elements, styled (Tailwind's reset strips lists, headings and links of their look). */
const PROSE =
  'break-words [&_a]:font-medium [&_a]:text-brand-700 [&_a]:underline [&_a:hover]:text-brand-600 ' +
  '[&_p+*]:mt-2 [&_ul+*]:mt-2 [&_ol+*]:mt-2 [&_ul]:list-disc [&_ol]:list-decimal [&_ul]:pl-5 [&_ol]:pl-5 ' +
  '[&_li+li]:mt-1 [&_h1]:font-semibold [&_h2]:font-semibold [&_h3]:font-semibold [&_strong]:font-semibold ' +
  '[&_code]:rounded [&_code]:bg-slate-100 [&_code]:px-1 [&_code]:text-[0.9em] ' +
  '[&_blockquote]:border-l-2 [&_blockquote]:border-slate-300 [&_blockquote]:pl-3 ' +
  '[&_table]:w-full [&_th]:text-left [&_th]:font-semibold [&_td]:py-0.5 [&_td]:pr-2 [&_th]:pr-2'

/**
 * Shows sanitised server HTML. Links to this site's pages move within the app
 * (the conversation or dialog around them stays); links to other sites open in
 * a new tab without access to this one.
 */
export function ServerHtml({ html, className }: { html: ServerSanitisedHtml; className?: string }) {
  const navigate = useNavigate()

  function onClick(event: MouseEvent<HTMLDivElement>) {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) {
      return
    }
    const link = event.target instanceof Element ? event.target.closest('a[href]') : null
    const href = link?.getAttribute('href')
    if (!href) return
    event.preventDefault()
    if (href.startsWith('/') || href.startsWith('#')) {
      void navigate(href)
    } else {
      window.open(href, '_blank', 'noopener,noreferrer')
    }
  }

  // Safe to insert as it is: the type admits only the server's sanitised output (see
  // `ServerSanitisedHtml`), never text a user typed or a model wrote unprocessed.
  // The click handler only intercepts link activation, which the keyboard also fires as a click.
  // oxlint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions
  return <div className={cn(PROSE, className)} onClick={onClick} dangerouslySetInnerHTML={{ __html: html }} />
}
