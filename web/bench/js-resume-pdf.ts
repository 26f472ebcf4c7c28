// The incumbent for the resume PDF: jsPDF with the spec's constants (candidate §9),
// the export the core's writer replaces, as an app would write it with jsPDF.
import { jsPDF } from 'jspdf'

/** A4 PDF of `text` under the title "ATS-Optimized Resume", as `resume_pdf` lays it out. */
export function jsResumePdf(text: string): Uint8Array {
  const doc = new jsPDF({ unit: 'mm', format: 'a4' })
  doc.setFont('helvetica', 'bold')
  doc.setFontSize(16)
  doc.text('ATS-Optimized Resume', 20, 20)
  doc.setFont('helvetica', 'normal')
  doc.setFontSize(10)
  const lines = doc.splitTextToSize(text, 170) as string[]
  let y = 35
  for (const line of lines) {
    // "A new page near the bottom": a line that would sit below 280 mm starts the next page.
    if (y > 280) {
      doc.addPage()
      y = 20
    }
    doc.text(line, 20, y)
    y += 7
  }
  return new Uint8Array(doc.output('arraybuffer'))
}
