import { TriangleAlert } from 'lucide-react'
import { useEffect } from 'react'
import { useRouteError } from 'react-router'
import { SimplePage } from './simple-page'

/** Shown when a page fails to load or render (for example after a deploy replaced its code). */
export function RouteErrorPage() {
  const error = useRouteError()
  useEffect(() => {
    console.error(error)
  }, [error])
  return (
    <SimplePage icon={<TriangleAlert />} eyebrow="Error" title="Something went wrong">
      <p>The page could not be shown. Reloading usually helps.</p>
    </SimplePage>
  )
}
