import { Bot, MessageCircle, Send, Sparkles, X } from 'lucide-react'
import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react'
import { toast } from '@/lib/toast'
import { Button } from '@/components/button'
import { inputClasses } from '@/components/form-field'
import { ServerHtml, type ServerSanitisedHtml } from '@/components/server-html'
import { ApiError } from '@/lib/api-client'
import { cn } from '@/lib/cn'
import { useSendChatMessage, type ChatMessage } from '../api/send-chat-message'
import { HISTORY_SENT, MAX_MESSAGE_CHARS, MESSAGES, QUICK_PROMPTS } from '../messages'

/** A message as shown: answers carry the server's HTML; the greeting and the user's own text are plain. */
type Entry = ChatMessage & { id: number; html?: ServerSanitisedHtml }

const GREETING: Entry = { id: 0, role: 'assistant', content: MESSAGES.greeting }

/**
 * The floating assistant (spec, candidate §2 "AI chat widget", §4 "Chat", §5;
 * employer §2): a button that opens a 384 × 600 panel titled "SwipeJob AI".
 * The conversation starts with one greeting; quick prompts show while it is the
 * only message. Enter sends; sending is refused while the text is blank or an
 * answer is awaited. New messages are announced (a log region) and scrolled to.
 */
export function ChatWidget() {
  const [open, setOpen] = useState(false)
  const [entries, setEntries] = useState<Entry[]>([GREETING])
  // The conversation as last changed, read by sends: an answer may arrive between renders.
  const conversation = useRef<Entry[]>([GREETING])
  const [input, setInput] = useState('')
  const send = useSendChatMessage()
  const waiting = send.isPending
  // A ref, not state: two Enter presses in one frame must not send twice.
  const inFlight = useRef(false)
  const nextId = useRef(1)
  const abort = useRef<AbortController | null>(null)
  const panelId = useId()
  const titleId = useId()
  const launcherRef = useRef<HTMLButtonElement>(null)
  const inputRef = useRef<HTMLInputElement>(null)
  const logRef = useRef<HTMLDivElement>(null)

  // Leaving the pages that show the widget (or signing out) drops the unanswered question.
  useEffect(() => () => abort.current?.abort(), [])

  useEffect(() => {
    if (open) inputRef.current?.focus()
  }, [open])

  // Each new message (and the typing line) scrolls the log to the bottom; so does opening the panel.
  const scrolledFor = useRef<{ log: HTMLDivElement | null; count: number; waiting: boolean } | null>(null)
  useEffect(() => {
    const log = logRef.current
    const last = scrolledFor.current
    if (log === null || (last?.log === log && last.count === entries.length && last.waiting === waiting)) return
    scrolledFor.current = { log, count: entries.length, waiting }
    log.scrollTop = log.scrollHeight
  })

  function commit(next: Entry[]) {
    conversation.current = next
    setEntries(next)
  }

  function close() {
    setOpen(false)
    launcherRef.current?.focus()
  }

  async function ask(text: string) {
    const question: Entry = { id: nextId.current, role: 'user', content: text.trim() }
    if (question.content === '' || inFlight.current) return
    inFlight.current = true
    nextId.current += 1
    const asked = [...conversation.current, question]
    commit(asked)
    setInput('')
    inputRef.current?.focus()
    const controller = new AbortController()
    abort.current = controller
    try {
      const answer = await send.mutateAsync({
        messages: asked.slice(-HISTORY_SENT).map(({ role, content }) => ({ role, content })),
        signal: controller.signal,
      })
      commit([...conversation.current, { id: nextId.current++, role: 'assistant', content: answer.message, html: answer.html }])
    } catch (error) {
      if (controller.signal.aborted) return
      console.error(error)
      toast.error(MESSAGES.sendFailed, { description: error instanceof ApiError ? error.message : undefined })
      // The question goes back into the box, so it can be sent again as it was.
      commit(conversation.current.filter((entry) => entry.id !== question.id))
      setInput((current) => (current === '' ? question.content : current))
    } finally {
      inFlight.current = false
    }
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    void ask(input)
  }

  function onInputKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key !== 'Enter' || event.nativeEvent.isComposing) return
    event.preventDefault()
    void ask(input)
  }

  const blank = input.trim() === ''

  return (
    <>
      {open && (
        // The WAI-ARIA dialog pattern: Escape closes the panel. Other keys stay in the chat, so
        // the page's own shortcuts (the feed's arrows and Backspace) never act on them.
        // oxlint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
        <section
          id={panelId}
          role="dialog"
          aria-labelledby={titleId}
          onKeyDown={(event) => {
            event.stopPropagation()
            if (event.key === 'Escape') close()
          }}
          className="fixed right-3 bottom-18 z-40 flex h-[600px] max-h-[calc(100dvh-5.5rem)] w-96 max-w-[calc(100vw-1.5rem)] animate-pop-in flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-2xl sm:right-6 sm:bottom-24 sm:max-h-[calc(100dvh-7rem)]"
        >
          <header className="flex items-center gap-3 bg-linear-to-r from-brand-600 to-accent-500 px-4 py-3 text-white">
            <span aria-hidden="true" className="grid size-9 place-items-center rounded-full bg-white/20">
              <Sparkles className="size-5" />
            </span>
            <div className="min-w-0 flex-1">
              <h2 id={titleId} className="font-semibold leading-tight">
                {MESSAGES.title}
              </h2>
              <p className="text-xs text-white/80">Your job-matching assistant</p>
            </div>
            <button
              type="button"
              aria-label="Close chat"
              onClick={close}
              className="grid size-9 place-items-center rounded-full hover:bg-white/15 focus-visible:outline-2 focus-visible:outline-white"
            >
              <X aria-hidden="true" className="size-5" />
            </button>
          </header>

          <div
            ref={logRef}
            role="log"
            aria-live="polite"
            aria-label="Conversation"
            className="min-h-0 flex-1 space-y-3 overflow-y-auto bg-slate-50 px-4 py-4"
          >
            {entries.map((entry) => (
              <MessageBubble key={entry.id} entry={entry} />
            ))}
            {waiting && (
              <div role="status" className="flex items-center gap-2 text-sm text-slate-500">
                <Bot aria-hidden="true" className="size-4" />
                <span>{MESSAGES.title} is typing</span>
                <span aria-hidden="true" className="inline-flex gap-0.5">
                  <span className="size-1.5 animate-bounce rounded-full bg-slate-400 motion-reduce:animate-none" />
                  <span className="size-1.5 animate-bounce rounded-full bg-slate-400 [animation-delay:150ms] motion-reduce:animate-none" />
                  <span className="size-1.5 animate-bounce rounded-full bg-slate-400 [animation-delay:300ms] motion-reduce:animate-none" />
                </span>
              </div>
            )}
          </div>

          {entries.length === 1 && (
            <ul aria-label="Quick prompts" className="flex flex-wrap gap-2 border-t border-slate-100 px-4 pt-3">
              {QUICK_PROMPTS.map((prompt) => (
                <li key={prompt}>
                  <button
                    type="button"
                    disabled={waiting}
                    onClick={() => void ask(prompt)}
                    className="rounded-full border border-brand-100 bg-brand-50 px-3 py-1.5 text-xs font-medium text-brand-700 hover:bg-brand-100 focus-visible:outline-2 focus-visible:outline-brand-600 disabled:opacity-50"
                  >
                    {prompt}
                  </button>
                </li>
              ))}
            </ul>
          )}

          <form onSubmit={onSubmit} className="flex items-center gap-2 px-4 py-3">
            <input
              ref={inputRef}
              type="text"
              aria-label="Message"
              placeholder={MESSAGES.placeholder}
              value={input}
              maxLength={MAX_MESSAGE_CHARS}
              autoComplete="off"
              onChange={(event) => setInput(event.target.value)}
              onKeyDown={onInputKeyDown}
              className={cn(inputClasses, 'rounded-full py-2')}
            />
            <Button type="submit" size="sm" aria-label="Send message" disabled={blank || waiting} className="size-10 px-0">
              <Send aria-hidden="true" />
            </Button>
          </form>
        </section>
      )}

      <button
        ref={launcherRef}
        type="button"
        aria-label={open ? `Close ${MESSAGES.title}` : `Open ${MESSAGES.title}`}
        title={MESSAGES.title}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => (open ? close() : setOpen(true))}
        className="fixed right-3 bottom-3 z-40 grid size-12 place-items-center rounded-full bg-linear-to-r from-brand-600 to-accent-500 text-white shadow-lg shadow-brand-600/30 transition hover:brightness-110 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 sm:right-6 sm:bottom-6 sm:size-14"
      >
        {open ? <X aria-hidden="true" className="size-6" /> : <MessageCircle aria-hidden="true" className="size-6" />}
      </button>
    </>
  )
}

/** One message: the user's on the right, the assistant's on the left. */
function MessageBubble({ entry }: { entry: Entry }) {
  const mine = entry.role === 'user'
  return (
    <div className={cn('flex', mine ? 'justify-end' : 'justify-start')}>
      <div
        className={cn(
          'max-w-[85%] rounded-2xl px-3.5 py-2.5 text-sm leading-relaxed',
          mine ? 'rounded-br-sm bg-brand-600 text-white' : 'rounded-bl-sm bg-white text-slate-800 shadow-xs ring-1 ring-slate-200',
        )}
      >
        <span className="sr-only">{mine ? 'You: ' : `${MESSAGES.title}: `}</span>
        {entry.html !== undefined ? (
          <ServerHtml html={entry.html} />
        ) : (
          <p className="whitespace-pre-wrap break-words">{entry.content}</p>
        )}
      </div>
    </div>
  )
}
