import { useId, useState, type FormEvent } from 'react'
import { Button } from '@/components/button'
import { EmployerBadges } from '@/components/employer-badges'
import { TextField } from '@/components/form-field'
import { COMPANY_WEBSITE_MAX_CHARS } from '@/generated/catalogue'
import { ApiError } from '@/lib/api-client'
import { toast } from '@/lib/toast'
import { useCompany, useSaveCompany } from '../api/company'

/** Not in the spec: what the section says. Refusals are the server's words, under their field. */
const MESSAGES = {
  heading: 'Company',
  what: 'Candidates see your company name on your jobs. With a website, your jobs also show "Domain confirmed" once your confirmed e-mail address is on its domain.',
  name: 'Company name',
  website: 'Company website',
  websiteHint: 'For example https://avenues.co.zw',
  save: 'Save company',
  saving: 'Saving…',
  saved: 'Company saved',
  failed: 'Your company was not saved',
  loadFailed: 'Could not load your company',
  shows: 'Your jobs show:',
  showsNothing: 'Your jobs show no badge yet: confirm your e-mail address first.',
} as const

type Problems = { name?: string; website?: string }

/** The employer's Settings section for their company's name and website, with the badges they earn. */
export function CompanySection() {
  const headingId = useId()
  const company = useCompany()
  const save = useSaveCompany()
  // What is typed; `null` until the person types, so the saved values show once loaded.
  const [name, setName] = useState<string | null>(null)
  const [website, setWebsite] = useState<string | null>(null)
  const [problems, setProblems] = useState<Problems>({})
  const shownName = name ?? company.data?.company_name ?? ''
  const shownWebsite = website ?? company.data?.company_website ?? ''

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (save.isPending) return
    setProblems({})
    try {
      await save.mutateAsync({ companyName: shownName, companyWebsite: shownWebsite })
      setName(null)
      setWebsite(null)
      toast.success(MESSAGES.saved)
    } catch (error) {
      const found: Problems =
        error instanceof ApiError
          ? { name: error.firstFieldMessage('company_name'), website: error.firstFieldMessage('company_website') }
          : {}
      if (found.name !== undefined || found.website !== undefined) setProblems(found)
      else toast.error(MESSAGES.failed, { description: error instanceof ApiError ? error.message : undefined })
    }
  }

  return (
    <section aria-labelledby={headingId} className="mt-10 rounded-2xl border border-slate-200 bg-white p-5">
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        {MESSAGES.heading}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{MESSAGES.what}</p>
      {company.isError ? (
        <p role="alert" className="mt-4 text-sm text-red-700">
          {MESSAGES.loadFailed}
        </p>
      ) : (
        <form noValidate onSubmit={(e) => void onSubmit(e)} className="mt-4 space-y-4" aria-busy={company.isPending || save.isPending}>
          <TextField
            label={MESSAGES.name}
            name="company_name"
            autoComplete="organization"
            value={shownName}
            onChange={(event) => {
              setName(event.target.value)
              setProblems((p) => ({ ...p, name: undefined }))
            }}
            error={problems.name}
          />
          <TextField
            label={MESSAGES.website}
            name="company_website"
            type="url"
            inputMode="url"
            autoComplete="url"
            maxLength={COMPANY_WEBSITE_MAX_CHARS}
            value={shownWebsite}
            onChange={(event) => {
              setWebsite(event.target.value)
              setProblems((p) => ({ ...p, website: undefined }))
            }}
            hint={MESSAGES.websiteHint}
            error={problems.website}
          />
          <Button type="submit" disabled={save.isPending || company.isPending}>
            {save.isPending ? MESSAGES.saving : MESSAGES.save}
          </Button>
        </form>
      )}
      {company.data &&
        (company.data.employer_checks.address_confirmed ? (
          <div className="mt-4 text-sm text-slate-700">
            <p>{MESSAGES.shows}</p>
            <EmployerBadges checks={company.data.employer_checks} className="mt-1.5" />
          </div>
        ) : (
          <p className="mt-4 text-sm text-slate-600">{MESSAGES.showsNothing}</p>
        ))}
    </section>
  )
}
