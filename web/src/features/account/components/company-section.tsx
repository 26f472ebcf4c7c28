import { useId } from 'react'
import { EmployerBadges } from '@/components/employer-badges'
import { COMPANY_WEBSITE_MAX_CHARS } from '@/generated/catalogue'
import { toast } from '@/lib/toast'
import { useCompany, useSaveCompany } from '../api/company'
import { AccountForm } from './account-form'

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

/** The employer's Settings section for their company's name and website, with the badges they earn. */
export function CompanySection() {
  const headingId = useId()
  const company = useCompany()
  const save = useSaveCompany()

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
        <AccountForm
          fields={[
            {
              name: 'company_name',
              label: MESSAGES.name,
              autoComplete: 'organization',
              saved: company.data?.company_name,
            },
            {
              name: 'company_website',
              label: MESSAGES.website,
              type: 'url',
              inputMode: 'url',
              autoComplete: 'url',
              maxLength: COMPANY_WEBSITE_MAX_CHARS,
              hint: MESSAGES.websiteHint,
              saved: company.data?.company_website,
            },
          ]}
          send={(values) => save.mutateAsync({ companyName: values.company_name, companyWebsite: values.company_website })}
          pending={save.isPending}
          loading={company.isPending}
          onSent={() => toast.success(MESSAGES.saved)}
          failed={MESSAGES.failed}
          save={MESSAGES.save}
          saving={MESSAGES.saving}
        />
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
