import { RotateCcw } from 'lucide-react'
import { AppHeader } from '@/components/app-header'
import { Button } from '@/components/button'
import { FormSkeleton } from '@/components/skeleton'
import { useSession } from '@/lib/session'
import { useProfile } from '@/entities/profile'
import { OnboardingWizard } from './onboarding-wizard'

/** Profile setup in four steps (spec, candidate §2 "Onboarding" and §4); revisiting it edits the profile. */
export function OnboardingPage() {
  const profile = useProfile()
  const { user } = useSession()
  return (
    <div className="min-h-dvh bg-linear-to-b from-brand-50 to-white">
      <title>Profile Setup · JobTap</title>
      <AppHeader />
      <main className="mx-auto w-full max-w-2xl px-4 py-8 sm:py-12">
        {profile.isPending ? (
          <div className="rounded-2xl border border-slate-200/80 bg-white p-6 shadow-sm">
            <FormSkeleton label="Loading your profile" fields={3} />
          </div>
        ) : profile.isError ? (
          <div role="alert" className="rounded-2xl border border-red-200 bg-white p-6 text-center shadow-sm">
            <h1 className="text-xl font-bold text-slate-900">Your profile could not be loaded</h1>
            <p className="mt-2 text-slate-600">{profile.error.message}</p>
            <Button className="mt-5" variant="outline" onClick={() => void profile.refetch()}>
              <RotateCcw aria-hidden="true" />
              Try again
            </Button>
          </div>
        ) : (
          <OnboardingWizard answer={profile.data} fallbackName={user?.fullName ?? ''} />
        )}
      </main>
    </div>
  )
}
