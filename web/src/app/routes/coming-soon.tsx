import { Construction } from 'lucide-react'
import { SimplePage } from './simple-page'

/** Stands in for a screen that is not built yet, saying so plainly. */
export function ComingSoonPage({ title }: { title: string }) {
  return (
    <SimplePage icon={<Construction />} eyebrow="Coming soon" title={title}>
      <p>This page is not available yet. We are building it now.</p>
    </SimplePage>
  )
}
