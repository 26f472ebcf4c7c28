import { fireEvent, render, screen } from '@testing-library/react'
import { beforeEach, expect, it } from 'vitest'
import { packPreview, type ImportPreviewRow } from '@/lib/core-worker/import-preview'
import { stubVirtualLayout } from '@/testing/virtual-layout'
import { PreviewTable } from './preview-table'

const ROWS = 100_000
const ROW_PX = 45

/** A packed preview of `ROWS` rows, every 20th one invalid. */
function bigPreview() {
  const rows: ImportPreviewRow[] = Array.from({ length: ROWS }, (_, i) => {
    const rowNumber = i + 2
    const valid = i % 20 !== 7
    return {
      rowNumber,
      valid,
      companyName: `Company ${rowNumber}`,
      jobTitle: `Job ${rowNumber}`,
      location: 'Harare',
      jobType: valid ? 'Full-time' : 'Internship',
      salary: '900 - 1400',
      errors: valid ? [] : [`Row ${rowNumber}: Job type must be one of: Full-time, Part-time, Contract, Remote`],
    }
  })
  const invalidCount = rows.filter((r) => !r.valid).length
  return packPreview({ rows, validCount: ROWS - invalidCount, invalidCount, warnings: [], summary: '' })
}

const preview = bigPreview()

/** The body rows in the page (plain DOM: role queries over a large tree are slow in jsdom). */
function bodyRows(): HTMLTableRowElement[] {
  return Array.from(screen.getByRole('table').querySelectorAll('tbody > tr'))
}

beforeEach(() => {
  stubVirtualLayout({ viewportPx: 500, rowPx: ROW_PX })
})

it('renders only the rows in view of a 100,000-row preview, and the last ones after scrolling to the end', () => {
  render(<PreviewTable preview={preview} invalidOnly={false} />)
  const table = screen.getByRole('table')
  expect(table).toHaveAttribute('aria-rowcount', String(ROWS + 1))
  const first = bodyRows()
  // 500 px shows about 12 rows; a few more are kept around them for scrolling.
  expect(first.length).toBeGreaterThan(10)
  expect(first.length).toBeLessThan(40)
  expect(first[0]).toHaveTextContent('Company 2')
  expect(first[0]).toHaveAttribute('aria-rowindex', '2')

  const region = screen.getByRole('region', { name: 'CSV preview' })
  region.scrollTop = ROWS * ROW_PX - 500
  fireEvent.scroll(region)
  const last = bodyRows()
  expect(last.length).toBeLessThan(40)
  expect(last.at(-1)).toHaveTextContent(`Company ${ROWS + 1}`)
  expect(last.at(-1)).toHaveAttribute('aria-rowindex', String(ROWS + 1))
})

it('shows only invalid rows when filtered, numbered within the filtered view', () => {
  render(<PreviewTable preview={preview} invalidOnly />)
  expect(screen.getByRole('table')).toHaveAttribute('aria-rowcount', String(ROWS / 20 + 1))
  const rows = bodyRows()
  expect(rows.length).toBeLessThan(40)
  expect(rows.every((row) => row.textContent?.includes('Invalid'))).toBe(true)
  expect(rows[0]).toHaveTextContent('Row 9: Job type must be one of: Full-time, Part-time, Contract, Remote')
  expect(rows[1]).toHaveTextContent('Company 29')
})
