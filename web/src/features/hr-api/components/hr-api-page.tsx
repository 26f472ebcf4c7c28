import { ArrowLeft, BarChart3, CircleCheck, Layers, Mail, ShieldCheck, UserRoundSearch } from 'lucide-react'
import { Link } from 'react-router'
import { BrandLogo } from '@/components/brand-logo'
import { buttonClasses } from '@/components/button-classes'
import { Card, CardText, CardTitle } from '@/components/card'
import { company, hrApiQuoteMailto } from '@/config/company'
import { paths } from '@/config/paths'

const features = [
  {
    icon: UserRoundSearch,
    title: 'Automated Candidate Screening',
    text: 'Score every applicant on degree, skills, university and experience the moment they apply, with the same rules for everyone.',
  },
  {
    icon: Layers,
    title: 'Bulk Job Posting',
    text: 'Publish many openings at once from your HR system instead of retyping them one by one.',
  },
  {
    icon: BarChart3,
    title: 'Real-time Analytics',
    text: 'Follow applications, acceptances and rejections per job and location as they happen.',
  },
  {
    icon: ShieldCheck,
    title: 'Secure Integration',
    text: 'Token-based access over HTTPS, scoped to your organisation’s jobs and applicants.',
  },
] as const

const benefits = [
  'Shortlists ranked by fit score, ready for your recruiters',
  'AI-written application summaries alongside each candidate',
  'Fewer manual steps between posting a job and making an offer',
  'A pricing quote shaped around your hiring volume',
] as const

/** The public feeds the server answers today (api/src/listings), without a key. */
const publicFeeds = [
  { path: 'GET /feeds/jobs.rss', what: 'Every open job as RSS 2.0, newest first, 100 a page (the next page in a Link header).' },
  {
    path: 'GET /feeds/employers/{employerId}/jobs.xml',
    what: "One employer's open jobs in the XML format job boards ingest (Indeed's <source><job> layout).",
  },
  { path: 'GET /sitemap.xml', what: 'The address of every open job, for search engines.' },
  {
    path: 'GET /job/{jobId}',
    what: "Each job's page carries schema.org JobPosting data, so search engines' job listings can show it.",
  },
] as const

const sampleEndpoints = [
  'POST /api/v1/jobs',
  'GET /api/v1/jobs/{jobId}/candidates',
  'POST /api/v1/applications/generate',
] as const

/** The HR API marketing page (employer spec §2, "HR API page"). */
export function HrApiPage() {
  return (
    <div className="min-h-dvh bg-white">
      <title>HR API · JobTap</title>
      <header className="border-b border-slate-200/70">
        <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-3 px-4 sm:px-6">
          <BrandLogo />
          <Link to={paths.home} className={buttonClasses({ variant: 'ghost', size: 'sm' })}>
            <ArrowLeft aria-hidden="true" />
            Back to Home
          </Link>
        </div>
      </header>

      <main>
        <section
          aria-labelledby="hr-api-title"
          className="bg-linear-to-br from-slate-950 via-brand-700 to-accent-500 text-white"
        >
          <div className="mx-auto max-w-4xl px-4 py-20 text-center sm:px-6 sm:py-24">
            <p className="inline-flex rounded-full bg-white/15 px-4 py-1.5 text-sm font-medium ring-1 ring-white/25">
              For enterprise HR teams
            </p>
            <h1 id="hr-api-title" className="mt-6 text-4xl font-extrabold tracking-tight text-balance sm:text-5xl">
              JobTap HR API
            </h1>
            <p className="mx-auto mt-5 max-w-2xl text-lg text-white/90">
              Bring JobTap’s candidate matching into your own hiring tools: post jobs, screen applicants and read
              results from your systems.
            </p>
            <div className="mt-9 flex flex-col items-center justify-center gap-3 sm:flex-row">
              <a href={hrApiQuoteMailto} className={buttonClasses({ variant: 'inverse', size: 'lg' })}>
                <Mail aria-hidden="true" />
                Request a Quote
              </a>
            </div>
          </div>
        </section>

        <section aria-labelledby="hr-features-title" className="bg-slate-50 py-20">
          <div className="mx-auto max-w-6xl px-4 sm:px-6">
            <h2 id="hr-features-title" className="text-center text-3xl font-bold tracking-tight text-slate-900">
              What the API does
            </h2>
            <div className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
              {features.map(({ icon: Icon, title, text }) => (
                <Card key={title}>
                  <span className="flex size-12 items-center justify-center rounded-xl bg-linear-to-br from-brand-600 to-accent-500 text-white">
                    <Icon aria-hidden="true" className="size-6" />
                  </span>
                  <CardTitle className="mt-5">{title}</CardTitle>
                  <CardText>{text}</CardText>
                </Card>
              ))}
            </div>
          </div>
        </section>

        <section aria-labelledby="hr-benefits-title" className="py-20">
          <div className="mx-auto grid max-w-6xl gap-12 px-4 sm:px-6 lg:grid-cols-2 lg:items-start">
            <div>
              <h2 id="hr-benefits-title" className="text-3xl font-bold tracking-tight text-slate-900">
                Why HR teams choose it
              </h2>
              <ul className="mt-8 space-y-4">
                {benefits.map((benefit) => (
                  <li key={benefit} className="flex gap-3 text-slate-700">
                    <CircleCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-emerald-500" />
                    {benefit}
                  </li>
                ))}
              </ul>
            </div>
            <div>
              <h2 id="hr-endpoints-title" className="text-xl font-semibold text-slate-900">
                Sample endpoints
              </h2>
              <p className="mt-2 text-sm text-slate-600">
                Illustrative only: these show the shape of the integration we agree with you, not a public API you
                can call today.
              </p>
              <pre
                aria-labelledby="hr-endpoints-title"
                className="mt-4 overflow-x-auto rounded-2xl bg-slate-950 p-5 text-sm leading-7 text-slate-100 shadow-lg"
              >
                <code>
                  {sampleEndpoints.map((line) => (
                    <span key={line} className="block">
                      {line}
                    </span>
                  ))}
                </code>
              </pre>
            </div>
          </div>
        </section>

        <section aria-labelledby="hr-feeds-title" className="border-t border-slate-200/70 bg-slate-50 py-16">
          <div className="mx-auto max-w-6xl px-4 sm:px-6">
            <h2 id="hr-feeds-title" className="text-xl font-semibold text-slate-900">
              Public job feeds, live today
            </h2>
            <p className="mt-2 text-sm text-slate-600">
              Open to anyone without a key; a change shows within a few minutes (each answer may be cached for five).
            </p>
            <dl className="mt-6 grid gap-4 md:grid-cols-2">
              {publicFeeds.map((feed) => (
                <div key={feed.path} className="rounded-2xl border border-slate-200 bg-white p-5">
                  <dt>
                    <code className="text-sm font-semibold break-all text-slate-900">{feed.path}</code>
                  </dt>
                  <dd className="mt-2 text-sm text-slate-600">{feed.what}</dd>
                </div>
              ))}
            </dl>
          </div>
        </section>
      </main>

      <footer className="border-t border-slate-200/70 py-8 text-center text-sm text-slate-500">
        © {company.copyrightYear} JobTap. All rights reserved.
      </footer>
    </div>
  )
}
