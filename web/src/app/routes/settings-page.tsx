import { BellRing } from 'lucide-react'
import { AppHeader } from '@/components/app-header'
import { EmployerHeader } from '@/components/employer-header'
import { ChangeEmailSection } from '@/features/account/components/change-email'
import { ChangePasswordSection } from '@/features/account/components/change-password'
import { CompanySection } from '@/features/account/components/company-section'
import { DeleteAccountSection } from '@/features/account/components/delete-account'
import { DownloadDataSection } from '@/features/account/components/download-data'
import { EmailTemplatesSection } from '@/features/account/components/email-templates'
import { RejectedRetentionSection } from '@/features/account/components/rejected-retention'
import { SignedInSessionsSection } from '@/features/account/components/signed-in-sessions'
import { EmailSettings } from '@/features/notifications/components/email-settings'
import { CompanyLogSection } from '@/features/team/components/company-log-section'
import { TeamSection } from '@/features/team/components/team-section'
import { useTeam } from '@/features/team/api/team'
import { useSession } from '@/lib/session'

/** Not in the spec: what the page says. */
const MESSAGES = {
  title: 'Notifications',
  intro:
    'Choose which e-mails JobTap sends you. The bell at the top of every page shows new applicants and application updates either way.',
  alerts: 'Job alerts are turned on from the end of your feed and off with the link in any alert e-mail.',
} as const

/** `/settings/notifications`: the e-mails the user's role gets, then the account's own settings. */
export function SettingsPage() {
  const { user } = useSession()
  const employer = user?.roles.includes('employer') ?? false
  // The company's settings are its admins' to change; every member sees the team.
  const team = useTeam({ enabled: employer })
  const admin = employer && team.data?.your_role === 'admin'

  return (
    <div className="min-h-dvh bg-linear-to-b from-brand-50 to-white">
      <title>{`${MESSAGES.title} · JobTap`}</title>
      {employer ? <EmployerHeader /> : <AppHeader />}
      <main className="mx-auto w-full max-w-2xl px-4 py-8 sm:px-6">
        <div className="flex items-center gap-3">
          <BellRing aria-hidden="true" className="size-7 text-brand-600" />
          <h1 className="text-2xl font-bold tracking-tight text-slate-900">{MESSAGES.title}</h1>
        </div>
        <p className="mt-2 text-slate-600">{MESSAGES.intro}</p>
        <EmailSettings />
        {!employer && <p className="mt-6 text-sm text-slate-600">{MESSAGES.alerts}</p>}
        {employer && <TeamSection />}
        {admin && <CompanySection />}
        {admin && <RejectedRetentionSection />}
        {admin && <EmailTemplatesSection />}
        {admin && <CompanyLogSection />}
        <ChangeEmailSection />
        <SignedInSessionsSection />
        <ChangePasswordSection />
        <DownloadDataSection />
        <DeleteAccountSection />
      </main>
    </div>
  )
}
