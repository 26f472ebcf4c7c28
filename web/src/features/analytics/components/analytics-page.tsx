import { PageHeader } from '@/components/page-header'
import { paths } from '@/config/paths'
import { EmployerHeader } from '@/components/employer-header'
import { InterviewerNotice } from '@/components/interviewer-notice'
import { worksEveryJob } from '@/lib/company-role'
import { useSession } from '@/lib/session'
import { AnalyticsPanel } from './analytics-panel'

/** /employer/analytics (spec, employer §2 "Analytics"). */
export function AnalyticsPage() {
  const { user } = useSession()
  return (
    <div className="min-h-dvh bg-linear-to-b from-brand-50 to-white">
      <EmployerHeader />
      <main className="mx-auto w-full max-w-6xl space-y-6 px-4 py-8 sm:px-6 sm:py-10">
        <PageHeader
          title="Analytics"
          description="How your jobs are doing: where applicants are, how you have decided, and applications over time."
          back={{ to: paths.employer, label: 'Back to Dashboard' }}
        />
        {worksEveryJob(user) ? <AnalyticsPanel /> : <InterviewerNotice title="Analytics are for recruiters and admins" />}
      </main>
    </div>
  )
}
