import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react'
import { Button } from '@/components/button'
import { FormField, TextField, inputClasses } from '@/components/form-field'
import {
  EMAIL_TEMPLATE_BODY_MAX_CHARS,
  EMAIL_TEMPLATE_PLACEHOLDERS,
  EMAIL_TEMPLATE_SUBJECT_MAX_CHARS,
} from '@/generated/catalogue'
import { ApiError } from '@/lib/api-client'
import { cn } from '@/lib/cn'
import { getCore } from '@/lib/core-worker'
import { toast } from '@/lib/toast'
import {
  useEmailTemplates,
  useSaveEmailTemplates,
  type EmailTemplates,
  type TemplateDraft,
  type TemplateKind,
} from '../api/email-templates'
import { EmailTemplatePreview } from './email-template-preview'

/** Not in the spec: what the section says. Problems are core's words, under their field. */
const MESSAGES = {
  heading: 'E-mail templates',
  what: 'The e-mails candidates get when you accept or reject them. Use your own words; placeholders fill in each candidate’s details. Feedback you write goes after the message unless you place {feedback} yourself.',
  kinds: { acceptance: 'Acceptance e-mail', rejection: 'Rejection e-mail' },
  subject: 'Subject',
  body: 'Message',
  insert: 'Insert a placeholder into the message:',
  save: 'Save templates',
  reset: 'Reset to default',
  saved: 'E-mail templates saved',
  failed: 'Your templates were not saved',
  loadFailed: 'Could not load your e-mail templates',
} as const

const KINDS: TemplateKind[] = ['acceptance', 'rejection']
type Drafts = Record<TemplateKind, TemplateDraft>
type Problems = Partial<Record<`${TemplateKind}.${keyof TemplateDraft}`, string>>

/** What the editor starts from: the saved wording, else JobTap's. */
function startingDrafts(saved: EmailTemplates): Drafts {
  const one = (kind: TemplateKind): TemplateDraft => ({
    subject: saved[kind].subject || saved[kind].default_subject,
    body: saved[kind].body || saved[kind].default_body,
  })
  return { acceptance: one('acceptance'), rejection: one('rejection') }
}

/** The employer's Settings section for the wording of acceptance and rejection e-mails, with a live preview. */
export function EmailTemplatesSection() {
  const headingId = useId()
  const templates = useEmailTemplates()
  const save = useSaveEmailTemplates()
  const [kind, setKind] = useState<TemplateKind>('acceptance')
  const [drafts, setDrafts] = useState<Drafts | null>(null)
  const [problems, setProblems] = useState<Problems>({})
  const bodyRef = useRef<HTMLTextAreaElement>(null)
  const current = useMemo(
    () => drafts ?? (templates.data ? startingDrafts(templates.data) : null),
    [drafts, templates.data],
  )

  // Core's rules, as the server applies them, checked as the employer types.
  useEffect(() => {
    if (!current) return
    let live = true
    const checks = KINDS.flatMap((k) =>
      (['subject', 'body'] as const).map(async (part) => {
        const problem = await getCore().emailTemplateProblem(part, current[k][part])
        return [`${k}.${part}`, problem ?? undefined] as const
      }),
    )
    void Promise.all(checks).then(
      (found) => live && setProblems(Object.fromEntries(found.filter(([, p]) => p !== undefined))),
      (error: unknown) => console.error('The template check could not run; the server will check it.', error),
    )
    return () => {
      live = false
    }
  }, [current])

  function edit(part: keyof TemplateDraft, value: string) {
    if (!current) return
    setDrafts({ ...current, [kind]: { ...current[kind], [part]: value } })
  }

  function insert(placeholder: string) {
    const area = bodyRef.current
    if (!current || !area) return
    const text = current[kind].body
    const start = area.selectionStart ?? text.length
    const end = area.selectionEnd ?? start
    const token = `{${placeholder}}`
    edit('body', text.slice(0, start) + token + text.slice(end))
    requestAnimationFrame(() => {
      area.focus()
      area.setSelectionRange(start + token.length, start + token.length)
    })
  }

  function reset() {
    if (!current || !templates.data) return
    const saved = templates.data[kind]
    setDrafts({ ...current, [kind]: { subject: saved.default_subject, body: saved.default_body } })
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (!current || !templates.data || save.isPending || Object.keys(problems).length > 0) return
    save.mutate(current, {
      onSuccess: (answer) => {
        setDrafts(startingDrafts(answer))
        toast.success(MESSAGES.saved)
      },
      onError: (error) => {
        if (error instanceof ApiError && Object.keys(error.fields).length > 0) {
          setProblems(Object.fromEntries(Object.entries(error.fields).map(([field, messages]) => [field, messages[0]])))
        }
        toast.error(MESSAGES.failed, { description: error instanceof ApiError ? error.message : undefined })
      },
    })
  }

  const subjectProblem = problems[`${kind}.subject`]
  const bodyProblem = problems[`${kind}.body`]
  const valid = subjectProblem === undefined && bodyProblem === undefined

  return (
    <section aria-labelledby={headingId} className="mt-10 rounded-2xl border border-slate-200 bg-white p-5">
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        {MESSAGES.heading}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{MESSAGES.what}</p>
      {templates.isError ? (
        <p role="alert" className="mt-4 text-sm text-red-700">
          {MESSAGES.loadFailed}
        </p>
      ) : (
        current && (
          <form className="mt-4 min-w-0" onSubmit={onSubmit} noValidate>
            <div className="flex flex-wrap gap-2">
              {KINDS.map((k) => (
                <Button
                  key={k}
                  variant={k === kind ? 'primary' : 'outline'}
                  size="sm"
                  aria-pressed={k === kind}
                  onClick={() => setKind(k)}
                >
                  {MESSAGES.kinds[k]}
                </Button>
              ))}
            </div>
            <TextField
              containerClassName="mt-4"
              label={MESSAGES.subject}
              value={current[kind].subject}
              maxLength={EMAIL_TEMPLATE_SUBJECT_MAX_CHARS}
              error={subjectProblem}
              onChange={(event) => edit('subject', event.target.value)}
            />
            <FormField containerClassName="mt-4" label={MESSAGES.body} error={bodyProblem}>
              {(control) => (
                <textarea
                  {...control}
                  ref={bodyRef}
                  rows={8}
                  maxLength={EMAIL_TEMPLATE_BODY_MAX_CHARS}
                  className={cn(inputClasses, 'min-h-40 resize-y', bodyProblem && 'border-red-500')}
                  value={current[kind].body}
                  onChange={(event) => edit('body', event.target.value)}
                />
              )}
            </FormField>
            <p className="mt-3 text-xs text-slate-600">{MESSAGES.insert}</p>
            <ul className="mt-1.5 flex flex-wrap gap-2">
              {EMAIL_TEMPLATE_PLACEHOLDERS.map((p) => (
                <li key={p.key}>
                  <button
                    type="button"
                    title={p.help}
                    aria-label={`{${p.key}}: ${p.help}`}
                    className="rounded-full border border-brand-200 bg-brand-50 px-2.5 py-1 font-mono text-xs text-brand-800 hover:bg-brand-100"
                    onClick={() => insert(p.key)}
                  >
                    {`{${p.key}}`}
                  </button>
                </li>
              ))}
            </ul>
            <div className="mt-4 flex flex-wrap gap-3">
              <Button type="submit" aria-disabled={save.isPending || !valid}>
                {MESSAGES.save}
              </Button>
              <Button variant="outline" onClick={reset}>
                {MESSAGES.reset}
              </Button>
            </div>
            <EmailTemplatePreview kind={kind} draft={current[kind]} valid={valid} />
          </form>
        )
      )}
    </section>
  )
}
