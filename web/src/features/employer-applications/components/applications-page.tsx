import { PageHeader } from '@/components/page-header'
import { paths } from '@/config/paths'
import { EmployerHeader } from '@/components/employer-header'
import { worksEveryJob } from '@/lib/company-role'
import { useSession } from '@/lib/session'
import { ApplicationsPanel } from './applications-panel'
import { InterviewerHome } from './interviewer-home'

/** /employer/applications (spec, employer §2 "Manage applications"). */
export function ApplicationsPage() {
  const { user } = useSession()
  return (
    <div className="min-h-dvh bg-linear-to-b from-brand-50 to-white">
      <EmployerHeader />
      <main className="mx-auto w-full max-w-5xl space-y-6 px-4 py-8 sm:px-6 sm:py-10">
        <PageHeader
          title="Manage Applications"
          description={
            worksEveryJob(user)
              ? 'Review candidates, add notes, and accept or reject applications.'
              : 'Read the applicants of the jobs you are on and write your scorecards.'
          }
          back={{ to: paths.employer, label: 'Back to Dashboard' }}
        />
        {worksEveryJob(user) ? <ApplicationsPanel /> : <InterviewerHome />}
      </main>
    </div>
  )
}
