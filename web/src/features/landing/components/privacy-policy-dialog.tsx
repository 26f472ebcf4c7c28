import { Dialog } from '@/components/dialog'
import { company } from '@/config/company'

const sections = [
  {
    title: 'Information We Collect',
    text: 'What you give us when you sign up and build your profile: your name, e-mail address, education, skills, experience, job preferences, and the resumes and certificates you upload. We also keep the applications you make.',
  },
  {
    title: 'How We Use It',
    text: 'To show you jobs, check your fit for a role, write cover letters and send the applications you choose. Employers see your profile, cover letter and documents only for jobs you applied to. We do not sell your data.',
  },
  {
    title: 'Data Security',
    text: 'Passwords are stored only as salted hashes, never in plain text. Your documents are visible only to you and to the employers of jobs you apply to.',
  },
  {
    title: 'Your Rights',
    text: `You can see and correct your profile at any time, delete your applications and documents, and ask us to delete your account by writing to ${company.email}.`,
  },
] as const

/** The footer's Privacy Policy dialog. */
export function PrivacyPolicyDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Dialog open={open} onClose={onClose} title="Privacy Policy" description="How JobTap handles your personal data.">
      <div className="space-y-5">
        {sections.map((section) => (
          <section key={section.title}>
            <h3 className="font-semibold text-slate-900">{section.title}</h3>
            <p className="mt-1">{section.text}</p>
          </section>
        ))}
      </div>
    </Dialog>
  )
}
