import { PageHeader } from '@/components/page-header'
import { paths } from '@/config/paths'
import { EmployerHeader } from '@/components/employer-header'
import { ApplicationsPanel } from './applications-panel'

/** /employer/applications (spec, employer §2 "Manage applications"). */
export function ApplicationsPage() {
  return (
    <div className="min-h-dvh bg-linear-to-b from-brand-50 to-white">
      <EmployerHeader />
      <main className="mx-auto w-full max-w-5xl space-y-6 px-4 py-8 sm:px-6 sm:py-10">
        <PageHeader
          title="Manage Applications"
          description="Review candidates, add notes, and accept or reject applications."
          back={{ to: paths.employer, label: 'Back to Dashboard' }}
        />
        <ApplicationsPanel />
      </main>
    </div>
  )
}
