import type { Ref } from 'react'

/** A landing section's eyebrow, h2 and intro line. */
export function SectionHeading({
  id,
  eyebrow,
  title,
  intro,
  headingRef,
}: {
  id: string
  eyebrow: string
  title: string
  intro: string
  headingRef?: Ref<HTMLHeadingElement>
}) {
  return (
    <div className="mx-auto max-w-2xl text-center">
      <p className="text-sm font-semibold tracking-wide text-brand-600 uppercase">{eyebrow}</p>
      <h2
        id={id}
        ref={headingRef}
        tabIndex={headingRef ? -1 : undefined}
        className="mt-2 text-3xl font-bold tracking-tight text-slate-900 outline-none sm:text-4xl"
      >
        {title}
      </h2>
      <p className="mt-4 text-lg text-slate-600">{intro}</p>
    </div>
  )
}
