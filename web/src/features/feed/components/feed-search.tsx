import { BellRing, Search, SlidersHorizontal } from 'lucide-react'
import { useId, useState, type FormEvent } from 'react'
import { Button } from '@/components/button'
import { Dialog } from '@/components/dialog'
import { inputClasses, SelectField, TextField } from '@/components/form-field'
import {
  JOB_TYPES,
  SEARCH_KEYWORDS_MAX_CHARS,
  SEARCH_PLACE_MAX_CHARS,
  SEARCH_POSTED_WITHIN_DAYS,
} from '@/generated/catalogue'
import { cn } from '@/lib/cn'
import { MESSAGES } from '../messages'
import { draftOf, filterCount, searchOf, type SearchDraft } from '../search-draft'
import { SubscribeDialog } from './subscribe-dialog'

const POSTED_WITHIN = SEARCH_POSTED_WITHIN_DAYS.map((days) => (days === 1 ? 'Last 24 hours' : `Last ${days} days`))

/**
 * The feed's search (phone first): a search field at the top and a Filters dialog (place, remote,
 * minimum salary, job type, posted within, fits my profile). The applied search lives in the
 * address; `onSearch` gets the new one. The parent keys this by the applied search, so going back
 * in history shows that search's values.
 */
export function FeedSearch({ search, onSearch }: { search: string; onSearch: (search: string) => void }) {
  const [draft, setDraft] = useState<SearchDraft>(() => draftOf(search))
  const [filtersOpen, setFiltersOpen] = useState(false)
  const formId = useId()
  const set = (name: keyof SearchDraft) => (value: string) => setDraft((d) => ({ ...d, [name]: value }))
  const count = filterCount(search)

  const apply = (event?: FormEvent) => {
    event?.preventDefault()
    setFiltersOpen(false)
    onSearch(searchOf(draft))
  }

  return (
    <div className="w-full space-y-2">
      <form role="search" aria-label="Jobs" onSubmit={apply} className="flex w-full items-center gap-2">
        <div className="relative min-w-0 flex-1">
          <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400" />
          <input
            type="search"
            aria-label="Search jobs"
            placeholder="Job title, company or skill"
            enterKeyHint="search"
            maxLength={SEARCH_KEYWORDS_MAX_CHARS}
            value={draft.q}
            onChange={(e) => set('q')(e.target.value)}
            className={cn(inputClasses, 'rounded-full py-2 pl-9')}
          />
        </div>
        <Button type="submit" size="sm">
          Search
        </Button>
        <Button variant="secondary" size="sm" aria-haspopup="dialog" onClick={() => setFiltersOpen(true)}>
          <SlidersHorizontal aria-hidden="true" />
          {count > 0 ? `Filters (${count})` : 'Filters'}
        </Button>
      </form>
      <Dialog
        open={filtersOpen}
        onClose={() => setFiltersOpen(false)}
        title="Filters"
        closeLabel="Cancel"
        actions={
          <>
            <Button variant="ghost" onClick={() => setDraft({ ...draftOf(''), q: draft.q })}>
              Clear filters
            </Button>
            <Button type="submit" form={formId}>
              Show jobs
            </Button>
          </>
        }
      >
        <form id={formId} onSubmit={apply} className="space-y-4">
          <TextField
            label="Place"
            hint="A town or area, or “Remote”."
            maxLength={SEARCH_PLACE_MAX_CHARS}
            value={draft.place}
            onChange={(e) => set('place')(e.target.value)}
          />
          <Switch label="Remote jobs only" checked={draft.remote === 'true'} onChange={set('remote')} />
          <TextField
            label="Minimum salary (US$)"
            type="number"
            inputMode="numeric"
            min={0}
            step="any"
            value={draft.min_salary}
            onChange={(e) => set('min_salary')(e.target.value)}
          />
          <SelectField
            label="Job type"
            placeholder="Any type"
            options={JOB_TYPES}
            value={draft.job_type}
            onChange={(e) => set('job_type')(e.target.value)}
          />
          <PostedWithin value={draft.posted_within_days} onChange={set('posted_within_days')} />
          <Switch
            label="Only jobs that fit my profile"
            hint="Your fit score meets the job's threshold, so you can apply."
            checked={draft.fits === 'true'}
            onChange={set('fits')}
          />
        </form>
      </Dialog>
    </div>
  )
}

function PostedWithin({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const id = useId()
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-slate-800">
        Posted within
      </label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value)} className={inputClasses}>
        <option value="">Any time</option>
        {SEARCH_POSTED_WITHIN_DAYS.map((days, i) => (
          <option key={days} value={String(days)}>
            {POSTED_WITHIN[i]}
          </option>
        ))}
      </select>
    </div>
  )
}

function Switch({
  label,
  hint,
  checked,
  onChange,
}: {
  label: string
  hint?: string
  checked: boolean
  onChange: (value: string) => void
}) {
  return (
    <label className="flex min-h-11 items-start gap-3 text-sm text-slate-800">
      <input
        type="checkbox"
        checked={checked}
        onChange={(e) => onChange(e.target.checked ? 'true' : '')}
        className="mt-0.5 size-5 accent-brand-600"
      />
      <span>
        <span className="font-medium">{label}</span>
        {hint && <span className="mt-0.5 block text-xs text-slate-500">{hint}</span>}
      </span>
    </label>
  )
}

/**
 * What the feed shows when a search finds no job (instead of the end of the feed): clear it, or
 * be e-mailed the jobs it finds once they are posted.
 */
export function NoMatches({ email, search, onClear }: { email: string; search: string; onClear: () => void }) {
  const [offering, setOffering] = useState(false)
  return (
    <div className="flex h-(--feed-card-height,600px) flex-col items-center justify-center gap-4 overflow-y-auto rounded-3xl border border-slate-200 bg-white p-8 text-center shadow-sm">
      <h2 className="text-lg font-semibold text-slate-900">No jobs match your search</h2>
      <p className="text-sm text-slate-600">Try other words, a wider place or a lower minimum salary.</p>
      <Button onClick={() => setOffering(true)} aria-haspopup="dialog">
        <BellRing aria-hidden="true" />
        {MESSAGES.getSearchAlerts}
      </Button>
      <Button variant="secondary" onClick={onClear}>
        Clear search
      </Button>
      <SubscribeDialog open={offering} defaultEmail={email} search={search} onClose={() => setOffering(false)} />
    </div>
  )
}
