// Writes public/resources/jobtap-guide.pdf, the one-page candidate guide linked
// as "Resources" in the landing footer. Hand-written PDF 1.4, standard fonts,
// ASCII only, so it needs no library. Run: node tools/make-guide-pdf.mjs
import { mkdirSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const out = join(dirname(fileURLToPath(import.meta.url)), '..', 'public', 'resources', 'jobtap-guide.pdf')

const sections = [
  [
    '1. Set up your profile',
    'Sign up, then upload your resume (PDF, DOC or DOCX, max 10MB) and any certificates. Add your degree class, university, skills and years of experience, then your preferred location, salary range and job types.',
  ],
  [
    '2. Swipe through jobs',
    'Each card shows one active job: title, company, location, salary, job type and a short description. Swipe left to reject, swipe right for the next job, swipe down to copy the link, and double tap to apply.',
  ],
  [
    '3. Apply with confidence',
    "Before an application is sent, your fit for the role is scored on degree, skills, university and experience, each out of 5. When you meet the employer's threshold, JobTap writes a cover letter for that job and sends your application.",
  ],
  [
    '4. Track and improve',
    'Follow every application and its status under My Applications. Keep your documents up to date, practise interviews on camera, and upgrade your resume towards an ATS score of 85 or more.',
  ],
  [
    'Your data, your choice',
    'Nothing is sent until you double tap. You can delete your applications and documents at any time. Read the Privacy Policy on jobtap.app for details.',
  ],
]

/** Greedy word wrap by character count (Helvetica averages about half an em per character). */
function wrap(text, maxChars) {
  const lines = []
  let line = ''
  for (const word of text.split(' ')) {
    if (line && line.length + 1 + word.length > maxChars) {
      lines.push(line)
      line = word
    } else {
      line = line ? `${line} ${word}` : word
    }
  }
  if (line) lines.push(line)
  return lines
}

const escape = (text) => text.replace(/[\\()]/g, (c) => `\\${c}`)
const text = (font, size, x, y, s) => `BT /${font} ${size} Tf ${x} ${y} Td (${escape(s)}) Tj ET`

const ops = []
// Header band in the brand violet, with the title in white.
ops.push('0.486 0.227 0.929 rg 0 742 595 100 re f')
ops.push('1 1 1 rg')
ops.push(text('F2', 26, 56, 790, 'JobTap Candidate Guide'))
ops.push(text('F1', 12, 56, 766, "Swipe through jobs. We'll handle the applications."))
ops.push('0.09 0.11 0.16 rg')

let y = 700
for (const [heading, body] of sections) {
  ops.push(text('F2', 14, 56, y, heading))
  y -= 20
  for (const line of wrap(body, 88)) {
    ops.push(text('F1', 10.5, 56, y, line))
    y -= 15
  }
  y -= 16
}
ops.push('0.39 0.45 0.55 rg')
ops.push(text('F1', 9, 56, 56, 'Questions? Write to hello@jobtap.app  -  (c) 2025 JobTap. All rights reserved.'))
const content = ops.join('\n')

const objects = [
  '<< /Type /Catalog /Pages 2 0 R >>',
  '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
  '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R /F2 6 0 R >> >> >>',
  `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`,
  '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
  '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>',
  '<< /Title (JobTap Candidate Guide) /Author (JobTap) /Producer (tools/make-guide-pdf.mjs) >>',
]

let pdf = '%PDF-1.4\n'
const offsets = []
objects.forEach((body, i) => {
  offsets.push(Buffer.byteLength(pdf, 'latin1'))
  pdf += `${i + 1} 0 obj\n${body}\nendobj\n`
})
const xrefAt = Buffer.byteLength(pdf, 'latin1')
pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`
pdf += offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')
pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info 7 0 R >>\nstartxref\n${xrefAt}\n%%EOF\n`

mkdirSync(dirname(out), { recursive: true })
writeFileSync(out, pdf, 'latin1')
process.stdout.write(`wrote ${out} (${pdf.length} bytes)\n`)
