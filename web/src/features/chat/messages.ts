// Every text the chat widget shows or toasts (spec, candidate §2 "AI chat widget", §8; employer §2, §8), to the letter.
export const MESSAGES = {
  title: 'SwipeJob AI',
  placeholder: 'Ask me anything...',
  sendFailed: 'Failed to send message. Please try again.',
  /** Not quoted in the spec, which says the assistant greets as a job-matching helper and lists what it offers. */
  greeting:
    "Hi! I'm SwipeJob AI, your job-matching assistant. I can find jobs that match your profile, " +
    'analyse how your resume fits open positions, and answer your career questions. How can I help?',
} as const

/** The quick prompts, shown only while the conversation holds exactly one message (the greeting). */
export const QUICK_PROMPTS = ['Match my resume', 'Find me a job', 'Career advice'] as const

/** The longest message the server accepts, in characters (core's). */
export { MAX_CHAT_MESSAGE_CHARS as MAX_MESSAGE_CHARS } from '@/generated/catalogue'

/** Messages sent with each question: the recent conversation, so long chats keep small bodies. */
export const HISTORY_SENT = 20
