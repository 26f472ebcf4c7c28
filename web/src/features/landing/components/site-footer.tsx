import { useId, useState, type ReactNode } from 'react'
import { Link } from 'react-router'
import { BrandLogo } from '@/components/brand-logo'
import { company } from '@/config/company'
import { paths } from '@/config/paths'
import { useHydrated } from '@/lib/use-hydrated'
import { LocationDialog } from './location-dialog'
import { PrivacyPolicyDialog } from './privacy-policy-dialog'

const linkClass = 'rounded text-left text-sm text-slate-400 transition hover:text-white'
/** A footer button: like a link, without the hover while it waits for the app's code. */
const buttonClass = `${linkClass} disabled:hover:text-slate-400`

function FooterColumn({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId()
  return (
    <nav aria-labelledby={headingId}>
      <h2 id={headingId} className="text-sm font-semibold tracking-wide text-white">
        {title}
      </h2>
      <ul className="mt-4 space-y-3">{children}</ul>
    </nav>
  )
}

function FooterLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <li>
      <Link to={to} className={linkClass}>
        {children}
      </Link>
    </li>
  )
}

/** The landing footer: four link columns, the Company dialogs and the copyright line. */
export function SiteFooter() {
  const [openDialog, setOpenDialog] = useState<'location' | 'privacy' | null>(null)
  // In the prerendered HTML a press before the app's code has taken over would do nothing.
  const hydrated = useHydrated()
  const close = () => setOpenDialog(null)

  return (
    <footer className="bg-slate-900 text-slate-300">
      <div className="mx-auto grid max-w-6xl grid-cols-2 gap-x-6 gap-y-10 px-4 py-14 sm:px-6 md:grid-cols-3 lg:grid-cols-5">
        <div className="col-span-2 md:col-span-3 lg:col-span-1">
          <BrandLogo inverse />
          <p className="mt-4 max-w-xs text-sm text-slate-400">
            Swipe-style job matching for job seekers and employers.
          </p>
        </div>
        <FooterColumn title="Employer">
          <FooterLink to={paths.employerAuth}>Find Talent</FooterLink>
          <FooterLink to={paths.employerAuth}>Register</FooterLink>
          <FooterLink to={paths.employerAuthLegacy}>Login</FooterLink>
        </FooterColumn>
        <FooterColumn title="Job Seeker">
          <FooterLink to={paths.jobs}>Find Jobs</FooterLink>
          <FooterLink to={paths.auth}>Register</FooterLink>
          <FooterLink to={paths.auth}>Login</FooterLink>
        </FooterColumn>
        <FooterColumn title="Company">
          <li>
            <button type="button" className={buttonClass} disabled={!hydrated} onClick={() => setOpenDialog('location')}>
              Location
            </button>
          </li>
          <li>
            <button type="button" className={buttonClass} disabled={!hydrated} onClick={() => setOpenDialog('privacy')}>
              Privacy Policy
            </button>
          </li>
          <li>
            <a href={paths.candidateGuidePdf} className={linkClass} target="_blank" rel="noopener">
              Resources
            </a>
          </li>
        </FooterColumn>
        <FooterColumn title="For Developers">
          <FooterLink to={paths.hrApi}>HR API</FooterLink>
        </FooterColumn>
      </div>
      <div className="border-t border-white/10">
        <p className="mx-auto max-w-6xl px-4 py-6 text-center text-sm text-slate-400 sm:px-6">
          © {company.copyrightYear} JobTap. All rights reserved.
        </p>
      </div>
      <LocationDialog open={openDialog === 'location'} onClose={close} />
      <PrivacyPolicyDialog open={openDialog === 'privacy'} onClose={close} />
    </footer>
  )
}
