import { Sparkles } from 'lucide-react'
import { Button, ButtonLink } from '@/components/button'
import { paths } from '@/config/paths'
import { useHydrated } from '@/lib/use-hydrated'
import { SampleJobCard } from './sample-job-card'

/** The hero: headline, promise, the two calls to action and a sample job card. */
export function Hero({ onLearnMore }: { onLearnMore: () => void }) {
  // In the prerendered HTML a press before the app's code has taken over would do nothing.
  const hydrated = useHydrated()
  return (
    <section
      aria-labelledby="hero-title"
      className="relative isolate overflow-hidden bg-linear-to-br from-brand-700 via-brand-600 to-accent-500 text-white"
    >
      <div aria-hidden="true" className="absolute -top-32 -left-24 -z-10 size-96 rounded-full bg-white/10 blur-3xl" />
      <div
        aria-hidden="true"
        className="absolute -right-24 -bottom-40 -z-10 size-[28rem] rounded-full bg-fuchsia-300/20 blur-3xl"
      />
      <div className="mx-auto grid max-w-6xl items-center gap-14 px-4 py-16 sm:px-6 sm:py-20 lg:grid-cols-2 lg:py-28">
        <div className="text-center lg:text-left">
          <p className="inline-flex items-center gap-2 rounded-full bg-white/15 px-4 py-1.5 text-sm font-medium ring-1 ring-white/25">
            <Sparkles aria-hidden="true" className="size-4" />
            AI-assisted job applications
          </p>
          <h1
            id="hero-title"
            className="mt-6 text-4xl leading-[1.05] font-extrabold tracking-tight text-balance sm:text-5xl lg:text-6xl"
          >
            Double Tap For Your Dream Job
          </h1>
          <p className="mx-auto mt-5 max-w-xl text-lg text-white/90 sm:text-xl lg:mx-0">
            Swipe through jobs. We'll handle the applications.
          </p>
          <div className="mt-9 flex flex-col justify-center gap-3 sm:flex-row lg:justify-start">
            <ButtonLink to={paths.auth} variant="inverse" size="lg">
              Get Started Free
            </ButtonLink>
            <Button variant="inverse-outline" size="lg" disabled={!hydrated} onClick={onLearnMore}>
              Learn More
            </Button>
          </div>
        </div>
        <SampleJobCard />
      </div>
    </section>
  )
}
