import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { EmployerBadges } from './employer-badges'

describe('EmployerBadges', () => {
  it('claims nothing for an employer whose address was not confirmed', () => {
    const { container } = render(<EmployerBadges checks={{ address_confirmed: false, confirmed_domain: null }} />)
    expect(container).toBeEmptyDOMElement()
  })

  it('shows the address badge alone without a confirmed domain, saying what was checked', () => {
    render(<EmployerBadges checks={{ address_confirmed: true, confirmed_domain: null }} />)
    const items = screen.getAllByRole('listitem')
    expect(items).toHaveLength(1)
    expect(items[0]).toHaveTextContent('Address confirmed')
    expect(items[0]).toHaveAttribute('title', 'JobTap checked that this employer receives e-mail at their address')
  })

  it('names the confirmed domain in the domain badge', () => {
    render(<EmployerBadges checks={{ address_confirmed: true, confirmed_domain: 'avenues.co.zw' }} />)
    const domain = screen.getAllByRole('listitem')[1]
    expect(domain).toHaveTextContent('Domain confirmed')
    expect(domain).toHaveAttribute(
      'title',
      "JobTap checked that this employer receives e-mail at an address on avenues.co.zw, the domain of the company's website",
    )
  })
})
