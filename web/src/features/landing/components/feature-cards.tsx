import { Sparkles, Target, Zap } from 'lucide-react'
import { Card, CardText, CardTitle } from '@/components/card'
import { SectionHeading } from './section-heading'

const features = [
  {
    icon: Zap,
    title: 'Instant Applications',
    text: 'Double tap a job you like and JobTap sends your application with a cover letter written for that role. No forms to fill in again and again.',
  },
  {
    icon: Target,
    title: 'Smart Matching',
    text: 'Before you apply, your degree, skills, university and experience are scored against the role, so you spend your effort where you are a real fit.',
  },
  {
    icon: Sparkles,
    title: 'AI-Powered',
    text: 'AI drafts your cover letters, checks your resume against applicant tracking systems and helps you practise interviews on camera.',
  },
] as const

/** The three feature cards under the hero. */
export function FeatureCards() {
  return (
    <section aria-labelledby="features-title" className="bg-slate-50 py-20 sm:py-24">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <SectionHeading
          id="features-title"
          eyebrow="Why JobTap"
          title="Job hunting without the busywork"
          intro="You choose the jobs. We take care of the repetitive parts of applying."
        />
        <div className="mt-14 grid gap-6 md:grid-cols-3">
          {features.map(({ icon: Icon, title, text }) => (
            <Card key={title} className="transition hover:-translate-y-1 hover:shadow-lg">
              <span className="flex size-12 items-center justify-center rounded-xl bg-linear-to-br from-brand-600 to-accent-500 text-white shadow-md shadow-brand-600/25">
                <Icon aria-hidden="true" className="size-6" />
              </span>
              <CardTitle className="mt-5">{title}</CardTitle>
              <CardText>{text}</CardText>
            </Card>
          ))}
        </div>
      </div>
    </section>
  )
}
