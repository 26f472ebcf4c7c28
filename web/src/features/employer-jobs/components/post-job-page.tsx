import { LogIn } from 'lucide-react'
import { BrandLogo } from '@/components/brand-logo'
import { ButtonLink } from '@/components/button'
import { Card } from '@/components/card'
import { EmployerHeader } from '@/components/employer-header'
import { PageHeader } from '@/components/page-header'
import { paths } from '@/config/paths'
import { InterviewerNotice } from '@/components/interviewer-notice'
import { worksEveryJob } from '@/lib/company-role'
import { useSession } from '@/lib/session'
import { PostJobForm } from './post-job-form'

/** Post a job (spec, employer §2 "Post a job"). The route is open; posting needs an employer session. */
export function PostJobPage() {
  const { user } = useSession()
  const isEmployer = user?.roles.includes('employer') ?? false
  return (
    <div className="min-h-dvh bg-linear-to-b from-brand-50 to-white">
      {isEmployer ? (
        <EmployerHeader />
      ) : (
        <header className="border-b border-slate-200/70 bg-white/80 backdrop-blur">
          <div className="mx-auto flex w-full max-w-6xl items-center px-4 py-3 sm:px-6">
            <BrandLogo />
          </div>
        </header>
      )}
      <main className="mx-auto w-full max-w-3xl space-y-6 px-4 py-8 sm:px-6 sm:py-10">
        <PageHeader
          title="Post a Job"
          description="Describe the role and who you are looking for. Fields marked * are required."
          back={{ to: paths.employer, label: 'Back to Dashboard' }}
        />
        {!isEmployer ? (
          <SignInPrompt signedIn={user !== null} />
        ) : worksEveryJob(user) ? (
          <PostJobForm companyName={user?.companyName ?? ''} />
        ) : (
          <InterviewerNotice title="Interviewers do not post jobs" />
        )}
      </main>
    </div>
  )
}

/** Shown instead of the form to visitors without an employer session. */
function SignInPrompt({ signedIn }: { signedIn: boolean }) {
  return (
    <Card className="text-center">
      <span
        aria-hidden="true"
        className="mx-auto flex size-12 items-center justify-center rounded-2xl bg-brand-50 text-brand-600 [&_svg]:size-6"
      >
        <LogIn />
      </span>
      <h2 className="mt-4 text-xl font-semibold text-slate-900">
        {signedIn ? 'Employer account required' : 'Sign in to post a job'}
      </h2>
      <p className="mx-auto mt-2 max-w-md text-slate-600">
        {signedIn
          ? 'Jobs are posted from an employer account. Sign in with one to continue.'
          : 'Jobs are posted from your employer account, so we know which company is hiring.'}
      </p>
      <ButtonLink to={paths.employerAuth} className="mt-6">
        Sign in as an employer
      </ButtonLink>
    </Card>
  )
}
