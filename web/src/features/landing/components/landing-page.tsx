import { useRef } from 'react'
import { AiEthics } from './ai-ethics'
import { FeatureCards } from './feature-cards'
import { Hero } from './hero'
import { HowItWorks } from './how-it-works'
import { SiteFooter } from './site-footer'
import { SiteHeader } from './site-header'

/** The landing page at `/` (spec, candidate §2 "Landing"); needs no login. */
export function LandingPage() {
  const howItWorksHeading = useRef<HTMLHeadingElement>(null)

  // Learn More scrolls to How It Works and moves focus there, so keyboard and
  // screen-reader users land in the same place as everyone else.
  function showHowItWorks() {
    const heading = howItWorksHeading.current
    if (!heading) return
    const reduceMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches
    heading.closest('section')?.scrollIntoView({ behavior: reduceMotion ? 'auto' : 'smooth', block: 'start' })
    heading.focus({ preventScroll: true })
  }

  return (
    <div className="min-h-dvh">
      <title>JobTap · Double Tap For Your Dream Job</title>
      <SiteHeader />
      <main>
        <Hero onLearnMore={showHowItWorks} />
        <FeatureCards />
        <HowItWorks headingRef={howItWorksHeading} />
        <AiEthics />
      </main>
      <SiteFooter />
    </div>
  )
}
