-- The employer's company website (core's `company::CompanyWebsite`, set in Settings): with a
-- confirmed address on its domain, the employer's jobs show "Domain confirmed".
ALTER TABLE profiles ADD COLUMN company_website TEXT;
