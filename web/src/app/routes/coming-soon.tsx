import { Construction } from 'lucide-react'
import { AppHeader } from '@/components/app-header'
import { useSession } from '@/lib/session'
import { SimplePage } from './simple-page'

/** Stands in for a screen that is not built yet, saying so plainly; signed-in users get their header. */
export function ComingSoonPage({ title }: { title: string }) {
  const { session } = useSession()
  return (
    <SimplePage icon={<Construction />} eyebrow="Coming soon" title={title} header={session ? <AppHeader /> : undefined}>
      <p>This page is not available yet. We are building it now.</p>
    </SimplePage>
  )
}
