import { Mail, MapPin, Phone } from 'lucide-react'
import { Dialog } from '@/components/dialog'
import { company } from '@/config/company'

/** The footer's Location dialog: address, phone and e-mail contact. */
export function LocationDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Dialog open={open} onClose={onClose} title="Location" description="Where to find and reach the JobTap team.">
      <ul className="space-y-4">
        <li className="flex gap-3">
          <MapPin aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-600" />
          <div>
            <h3 className="font-semibold text-slate-900">Address</h3>
            <address className="not-italic">
              {company.addressLines.map((line) => (
                <span key={line} className="block">
                  {line}
                </span>
              ))}
            </address>
          </div>
        </li>
        <li className="flex gap-3">
          <Phone aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-600" />
          <div>
            <h3 className="font-semibold text-slate-900">Phone</h3>
            <a className="text-brand-700 hover:underline" href={`tel:${company.phone.replaceAll(' ', '')}`}>
              {company.phone}
            </a>
          </div>
        </li>
        <li className="flex gap-3">
          <Mail aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-600" />
          <div>
            <h3 className="font-semibold text-slate-900">Email</h3>
            <a className="text-brand-700 hover:underline" href={`mailto:${company.email}`}>
              {company.email}
            </a>
          </div>
        </li>
      </ul>
    </Dialog>
  )
}
