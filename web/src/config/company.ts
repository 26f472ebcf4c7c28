/** Public contact details shown on the landing page (Location dialog) and HR API page. */
export const company = {
  name: 'JobTap',
  email: 'hello@jobtap.app',
  salesEmail: 'sales@jobtap.app',
  phone: '+263 242 700 100',
  addressLines: ['JobTap Ltd', '14 Samora Machel Avenue', 'Harare, Zimbabwe'],
  copyrightYear: 2025,
} as const

/** The HR API "Request a Quote" e-mail link (employer spec §2, HR API page). */
export const hrApiQuoteMailto = `mailto:${company.salesEmail}?subject=${encodeURIComponent('HR API Quote Request')}`
