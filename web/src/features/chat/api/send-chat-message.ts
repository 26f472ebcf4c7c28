// The assistant (spec, candidate §7 and employer §7 "swipejob-chat"): the
// conversation goes in, the answer comes back as markdown and as the server's
// sanitised HTML of it.
import { useMutation } from '@tanstack/react-query'
import type { ServerSanitisedHtml } from '@/components/server-html'
import { apiFetch } from '@/lib/api-client'

/** One message of the conversation (spec §3 "Chat message"). */
export type ChatMessage = { role: 'user' | 'assistant'; content: string }

/** The assistant's answer. */
export type ChatAnswer = {
  /** Markdown. */
  message: string
  /** `message` rendered and sanitised on the server. */
  html: ServerSanitisedHtml
}

export type SendChatInput = { messages: ChatMessage[]; signal?: AbortSignal }

/**
 * POST /functions/swipejob-chat. The spec's `userId` is not sent: the server
 * takes the caller from the token, so no one can ask about another user's data.
 */
export function sendChatMessage({ messages, signal }: SendChatInput): Promise<ChatAnswer> {
  return apiFetch<ChatAnswer>('/functions/swipejob-chat', { method: 'POST', json: { messages }, signal })
}

/** Sending one question. */
export function useSendChatMessage() {
  return useMutation({ mutationFn: sendChatMessage })
}
