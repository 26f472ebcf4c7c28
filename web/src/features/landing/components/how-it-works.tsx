import type { Ref } from 'react'
import { SectionHeading } from './section-heading'

const steps = [
  {
    title: 'Upload Resume',
    text: 'Create your profile once: your resume, certificates, skills and the kind of job you want.',
  },
  {
    title: 'AI Handles the Rest',
    text: 'For each job, JobTap checks your fit and drafts a cover letter that speaks to the role.',
  },
  {
    title: 'Double Tap to Apply',
    text: 'Swipe through active jobs. Double tap the ones you want and track every application in one place.',
  },
] as const

/** The three steps, the target of the hero's Learn More button. */
export function HowItWorks({ headingRef }: { headingRef: Ref<HTMLHeadingElement> }) {
  return (
    <section id="how-it-works" aria-labelledby="how-it-works-title" className="scroll-mt-16 py-20 sm:py-24">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <SectionHeading
          id="how-it-works-title"
          headingRef={headingRef}
          eyebrow="Three steps"
          title="How It Works"
          intro="From sign-up to your first application in minutes."
        />
        <ol className="mt-14 grid gap-10 md:grid-cols-3 md:gap-8">
          {steps.map((step, index) => (
            <li key={step.title} className="relative text-center">
              {index < steps.length - 1 && (
                <span
                  aria-hidden="true"
                  className="absolute top-7 left-[calc(50%+2.5rem)] hidden h-0.5 w-[calc(100%-5rem)] bg-linear-to-r from-brand-500/40 to-accent-500/40 md:block"
                />
              )}
              <span className="mx-auto flex size-14 items-center justify-center rounded-full bg-linear-to-br from-brand-600 to-accent-500 text-xl font-bold text-white shadow-lg shadow-brand-600/25">
                {index + 1}
              </span>
              <h3 className="mt-5 text-lg font-semibold text-slate-900">{step.title}</h3>
              <p className="mx-auto mt-2 max-w-xs text-sm leading-relaxed text-slate-600">{step.text}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  )
}
