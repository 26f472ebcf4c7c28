import { useState, type ComponentProps, type FormEvent, type ReactNode } from 'react'
import { Button } from '@/components/button'
import { TextField } from '@/components/form-field'
import { ApiError } from '@/lib/api-client'
import { toast } from '@/lib/toast'

/**
 * One text field of an account form. Its `name` is the API's name for it, so that a refusal
 * naming that field is shown under it.
 */
export type AccountField<Name extends string> = Omit<
  ComponentProps<typeof TextField>,
  'name' | 'label' | 'value' | 'onChange' | 'error'
> & {
  name: Name
  label: string
  /** Shown until the person types, and again once the form is sent (the saved value, say). */
  saved?: string | null
}

type AccountFormProps<Name extends string, Reply> = {
  fields: readonly AccountField<Name>[]
  /** Sends the values, by field name. */
  send: (values: Record<Name, string>) => Promise<Reply>
  pending: boolean
  /** What the fields show is still loading: the form is busy and cannot be sent. */
  loading?: boolean
  /** The button waits until every field is filled in. */
  allRequired?: boolean
  /** The field a 409's message belongs under: it names no field, but says what is wrong with this one. */
  conflictField?: Name
  /** After a send the server took: the fields are emptied (or show `saved`) first. */
  onSent: (reply: Reply) => void
  /** The toast's title when the server refuses without naming a field. */
  failed: string
  save: string
  saving: string
  icon?: ReactNode
  /** Before the fields: what the browser should know about the form without showing it. */
  children?: ReactNode
}

/**
 * The Settings forms the server checks: the server's refusals go under the fields they name (and
 * leave as the field is changed); one naming none is a toast, so the person is never left without
 * an answer.
 */
export function AccountForm<Name extends string, Reply>({
  fields,
  send,
  pending,
  loading = false,
  allRequired = false,
  conflictField,
  onSent,
  failed,
  save,
  saving,
  icon,
  children,
}: AccountFormProps<Name, Reply>) {
  // What is typed, by field; a field not typed in shows its `saved` value, which may load later.
  const [typed, setTyped] = useState<Partial<Record<Name, string>>>({})
  const [problems, setProblems] = useState<Partial<Record<Name, string>>>({})
  const values = Object.fromEntries(
    fields.map((field) => [field.name, typed[field.name] ?? field.saved ?? '']),
  ) as Record<Name, string>

  function problemsOf(error: ApiError): Partial<Record<Name, string>> {
    return Object.fromEntries(
      fields.map(({ name }) => [
        name,
        error.firstFieldMessage(name) ?? (name === conflictField && error.status === 409 ? error.message : undefined),
      ]),
    ) as Partial<Record<Name, string>>
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (pending) return
    setProblems({})
    try {
      const reply = await send(values)
      setTyped({})
      onSent(reply)
    } catch (error) {
      const found = error instanceof ApiError ? problemsOf(error) : {}
      if (Object.values(found).some((problem) => problem !== undefined)) setProblems(found)
      else toast.error(failed, { description: error instanceof ApiError ? error.message : undefined })
    }
  }

  const missing = allRequired && fields.some((field) => values[field.name] === '')
  return (
    <form noValidate onSubmit={(e) => void onSubmit(e)} className="mt-4 space-y-4" aria-busy={loading || pending}>
      {children}
      {fields.map(({ name, saved: _saved, ...field }) => (
        <TextField
          key={name}
          {...field}
          name={name}
          value={values[name]}
          onChange={(event) => {
            const value = event.target.value
            setTyped((t) => ({ ...t, [name]: value }))
            setProblems((p) => ({ ...p, [name]: undefined }))
          }}
          error={problems[name]}
        />
      ))}
      <Button type="submit" disabled={pending || loading || missing}>
        {icon}
        {pending ? saving : save}
      </Button>
    </form>
  )
}
