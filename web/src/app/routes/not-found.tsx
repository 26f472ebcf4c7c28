import { Compass } from 'lucide-react'
import { useLocation } from 'react-router'
import { SimplePage } from './simple-page'

/** The 404 page for any unknown address (employer spec §2, "404 page"). */
export function NotFoundPage() {
  const { pathname } = useLocation()
  return (
    <SimplePage icon={<Compass />} eyebrow="404" title="Oops! Page not found">
      <p>
        There is no page at <code className="rounded bg-white px-1.5 py-0.5 text-sm break-all">{pathname}</code>.
      </p>
    </SimplePage>
  )
}
