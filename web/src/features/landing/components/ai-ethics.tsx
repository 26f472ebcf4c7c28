import { Eye, HandHeart, Scale } from 'lucide-react'

const principles = [
  {
    icon: HandHeart,
    title: 'Talent Centric',
    text: 'Your skills and experience come first. Scores measure fit for a role, never who you are.',
  },
  {
    icon: Scale,
    title: 'AI Ethical',
    text: 'AI drafts, you decide. Nothing is sent until you double tap, and you can delete any application.',
  },
  {
    icon: Eye,
    title: 'Transparency',
    text: 'Every fit score shows its parts: degree, skills, university and experience, each out of 5.',
  },
] as const

/** The AI Ethics section: how JobTap uses AI on a candidate's behalf. */
export function AiEthics() {
  return (
    <section aria-labelledby="ai-ethics-title" className="bg-slate-950 py-20 text-white sm:py-24">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <div className="mx-auto max-w-2xl text-center">
          <p className="text-sm font-semibold tracking-wide text-fuchsia-300 uppercase">Our principles</p>
          <h2 id="ai-ethics-title" className="mt-2 text-3xl font-bold tracking-tight sm:text-4xl">
            AI Ethics
          </h2>
          <p className="mt-4 text-lg text-slate-300">AI works for you here, in the open.</p>
        </div>
        <div className="mt-14 grid gap-6 md:grid-cols-3">
          {principles.map(({ icon: Icon, title, text }) => (
            <div key={title} className="rounded-2xl border border-white/10 bg-white/5 p-6">
              <Icon aria-hidden="true" className="size-8 text-fuchsia-300" />
              <h3 className="mt-4 text-lg font-semibold">{title}</h3>
              <p className="mt-2 text-sm leading-relaxed text-slate-300">{text}</p>
            </div>
          ))}
        </div>
      </div>
    </section>
  )
}
