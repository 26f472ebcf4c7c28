// The incumbent for the resume PDF: jsPDF with the spec's constants (candidate §9) and the
// same structure as the core's (the name in bold 12, headings in bold, bullets with a 4 mm
// hanging indent), as an app would write it with jsPDF.
import { jsPDF } from 'jspdf'

const BULLET = /^([-•*]|\d{1,2}[.)])\s+(.*)$/
const HEADING = /^[A-Z][A-Z &/]{2,39}:?$/

/** A4 PDF of `text` under the title "ATS-Optimized Resume", as `resume_pdf` lays it out. */
export function jsResumePdf(text: string): Uint8Array {
  const doc = new jsPDF({ unit: 'mm', format: 'a4' })
  doc.setFont('helvetica', 'bold')
  doc.setFontSize(16)
  doc.text('ATS-Optimized Resume', 20, 20)
  let y = 35
  // "A new page near the bottom": a row that would sit below 280 mm starts the next page.
  const row = (draw: () => void) => {
    if (y > 280) {
      doc.addPage()
      y = 20
    }
    draw()
    y += 7
  }
  let underBullet = false
  text.split('\n').forEach((raw, index) => {
    const line = raw.trim()
    const bullet = BULLET.exec(line)
    if (index === 0) {
      doc.setFont('helvetica', 'bold')
      doc.setFontSize(12)
      for (const part of doc.splitTextToSize(line, 170) as string[]) row(() => doc.text(part, 20, y))
      doc.setFontSize(10)
      underBullet = false
    } else if (HEADING.test(line)) {
      doc.setFont('helvetica', 'bold')
      row(() => doc.text(line, 20, y))
      underBullet = false
    } else if (bullet) {
      doc.setFont('helvetica', 'normal')
      const parts = doc.splitTextToSize(bullet[2] ?? '', 166) as string[]
      parts.forEach((part, i) =>
        row(() => {
          if (i === 0) doc.text(bullet[1] ?? '', 20, y)
          doc.text(part, 24, y)
        }),
      )
      underBullet = true
    } else {
      doc.setFont('helvetica', 'normal')
      const indent = underBullet && /^\s/.test(raw) ? 4 : 0
      for (const part of doc.splitTextToSize(line, 170 - indent) as string[]) row(() => doc.text(part, 20 + indent, y))
      underBullet = underBullet && indent > 0
    }
  })
  return new Uint8Array(doc.output('arraybuffer'))
}
