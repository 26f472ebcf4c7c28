import { ConfirmEmailBanner } from '@/components/confirm-email-banner'
import { BarChart3, Briefcase, UserSearch, Users } from 'lucide-react'
import { useSearchParams } from 'react-router'
import { PageHeader } from '@/components/page-header'
import { AnalyticsPanel } from '@/features/analytics/components/analytics-panel'
import { ApplicationsPanel } from '@/features/employer-applications/components/applications-panel'
import { CandidateSearchPanel } from '@/features/candidate-search/components/candidate-search-panel'
import { InterviewerHome } from '@/features/employer-applications/components/interviewer-home'
import { worksEveryJob } from '@/lib/company-role'
import { useSession } from '@/lib/session'
import { EmployerHeader } from '@/components/employer-header'
import { JobList } from '@/features/employer-jobs/components/job-list'
import { Tabs } from '@/features/employer-jobs/components/tabs'

const TAB_IDS = ['jobs', 'applications', 'candidates', 'analytics'] as const
type DashboardTab = (typeof TAB_IDS)[number]

function isTab(value: string | null): value is DashboardTab {
  return TAB_IDS.some((id) => id === value)
}

/** The employer dashboard (spec, employer §2): tabs Jobs, Applications and Analytics, plus Candidates (search); the tab is kept in the address. */
export function EmployerDashboardPage() {
  const { user } = useSession()
  const [params, setParams] = useSearchParams()
  const requested = params.get('tab')
  const tab: DashboardTab = isTab(requested) ? requested : 'jobs'

  function select(next: DashboardTab) {
    setParams(next === 'jobs' ? {} : { tab: next }, { replace: true, preventScrollReset: true })
  }

  // An interviewer reaches only the applicants of the jobs they are on: that is their home.
  if (!worksEveryJob(user)) {
    return (
      <div className="min-h-dvh bg-linear-to-b from-brand-50 to-white">
        <EmployerHeader />
        <main className="mx-auto w-full max-w-6xl space-y-6 px-4 py-8 sm:px-6 sm:py-10">
          <ConfirmEmailBanner />
          <PageHeader
            title="Employer Dashboard"
            description="The applicants of the jobs you are on: read what they sent and write your scorecards."
          />
          <InterviewerHome />
        </main>
      </div>
    )
  }

  return (
    <div className="min-h-dvh bg-linear-to-b from-brand-50 to-white">
      <EmployerHeader />
      <main className="mx-auto w-full max-w-6xl space-y-6 px-4 py-8 sm:px-6 sm:py-10">
        <ConfirmEmailBanner />
        <PageHeader
          title="Employer Dashboard"
          description={
            user?.companyName
              ? `Manage ${user.companyName}'s jobs, review applications and see how hiring is going.`
              : 'Manage your jobs, review applications and see how hiring is going.'
          }
        />
        <Tabs<DashboardTab>
          label="Dashboard sections"
          value={tab}
          onChange={select}
          className="[&>[role=tablist]]:max-w-xl"
          items={[
            { id: 'jobs', label: 'Jobs', icon: <Briefcase />, content: <JobList /> },
            { id: 'applications', label: 'Applications', icon: <Users />, content: <ApplicationsPanel /> },
            { id: 'candidates', label: 'Candidates', icon: <UserSearch />, content: <CandidateSearchPanel /> },
            { id: 'analytics', label: 'Analytics', icon: <BarChart3 />, content: <AnalyticsPanel /> },
          ]}
        />
      </main>
    </div>
  )
}
