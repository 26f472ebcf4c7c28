import { Briefcase, CodeXml, Heart, MapPin, Wallet, X } from 'lucide-react'
import { Skeleton } from '@/components/spinner'
import { useDescriptionPreview } from '@/lib/core-worker/use-description-preview'
import { sampleJob } from '../sample-job'

/**
 * A sample job card, like the ones in the swipe feed. Its description line is
 * computed by the Rust core (wasm) in the core worker, exactly as on real cards.
 */
export function SampleJobCard() {
  const preview = useDescriptionPreview(sampleJob.description)

  return (
    <figure className="mx-auto w-full max-w-sm">
      <div className="relative">
      <div
        aria-hidden="true"
        className="absolute inset-0 translate-x-3 translate-y-3 rotate-3 rounded-3xl bg-white/25"
      />
      <div
        aria-hidden="true"
        className="absolute inset-0 -translate-x-2 translate-y-1.5 -rotate-2 rounded-3xl bg-white/15"
      />
      <article
        aria-label="Sample job card"
        className="relative overflow-hidden rounded-3xl bg-white text-slate-900 shadow-2xl shadow-black/25"
      >
        <div className="flex items-center justify-between bg-linear-to-r from-sky-500 to-indigo-600 px-5 py-4 text-white">
          <span className="flex size-12 items-center justify-center rounded-2xl bg-white/20">
            <CodeXml aria-hidden="true" className="size-6" />
          </span>
          <span className="rounded-full bg-white/20 px-3 py-1 text-xs font-semibold tracking-wide uppercase">
            Sample job
          </span>
        </div>
        <div className="space-y-4 p-5">
          <div>
            <h2 className="text-xl font-bold">{sampleJob.title}</h2>
            <p className="text-sm font-medium text-slate-500">{sampleJob.company}</p>
          </div>
          <ul className="flex flex-wrap gap-x-4 gap-y-1.5 text-sm text-slate-600">
            <li className="inline-flex items-center gap-1.5">
              <MapPin aria-hidden="true" className="size-4 text-brand-600" />
              {sampleJob.location}
            </li>
            <li className="inline-flex items-center gap-1.5">
              <Wallet aria-hidden="true" className="size-4 text-brand-600" />
              {sampleJob.salary}
            </li>
            <li className="inline-flex items-center gap-1.5">
              <Briefcase aria-hidden="true" className="size-4 text-brand-600" />
              {sampleJob.jobType}
            </li>
          </ul>
          {/* A div: the skeleton's blocks may not sit in a <p> (the parser would move them out). */}
          <div
            data-testid="wasm-preview"
            aria-busy={preview.isPending}
            className="min-h-12 text-sm leading-relaxed text-slate-700"
          >
            {preview.isPending && (
              <>
                <Skeleton className="mb-2 h-3.5 w-full" />
                <Skeleton className="h-3.5 w-2/3" />
              </>
            )}
            {preview.isError && <span className="text-slate-500">Preview unavailable.</span>}
            {preview.isSuccess && preview.data}
          </div>
          <ul aria-label="Skills" className="flex flex-wrap gap-2">
            {sampleJob.skills.map((skill) => (
              <li key={skill} className="rounded-full bg-brand-50 px-3 py-1 text-xs font-medium text-brand-700">
                {skill}
              </li>
            ))}
            <li className="rounded-full bg-slate-100 px-3 py-1 text-xs font-medium text-slate-600">
              +{sampleJob.moreSkills} more
            </li>
          </ul>
          <div aria-hidden="true" className="flex items-center justify-center gap-6 pt-1">
            <span className="flex size-12 items-center justify-center rounded-full border border-rose-200 text-rose-500">
              <X className="size-6" />
            </span>
            <span className="flex size-14 items-center justify-center rounded-full bg-linear-to-br from-brand-600 to-accent-500 text-white shadow-lg shadow-accent-500/30">
              <Heart className="size-7 fill-current" />
            </span>
            <span className="flex size-12 items-center justify-center rounded-full border border-emerald-200 text-emerald-500">
              <Briefcase className="size-5" />
            </span>
          </div>
        </div>
      </article>
      </div>
    </figure>
  )
}
