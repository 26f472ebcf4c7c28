import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, type APIRequestContext } from '@playwright/test'

// The e-mails the test server wrote to its outbox folder (it has no SMTP server, the embedded
// default of `make run`), read as their recipient would.

const outbox = () => join(process.env.JOBTAP_E2E_DATA_DIR ?? '', 'outbox')

/** The subject of the e-mail that confirms a new account's address. */
export const CONFIRM_SUBJECT = 'Confirm your JobTap e-mail address'

/** The plain-text parts of the messages the server wrote to `to` with `subject`, decoded. */
export function mailsTo(to: string, subject: string): string[] {
  let files: string[]
  try {
    files = readdirSync(outbox()).filter((name) => name.endsWith('.eml'))
  } catch {
    return []
  }
  const texts: string[] = []
  for (const name of files) {
    const raw = readFileSync(join(outbox(), name), 'utf8')
    // Header lines unfolded; the recipient's name may come before the address.
    const head = raw.split('\r\n\r\n')[0].replace(/\r\n[ \t]/g, ' ').split('\r\n')
    if (!head.some((line) => /^to:/i.test(line) && line.toLowerCase().includes(to.toLowerCase()))) continue
    if (!head.some((line) => line === `Subject: ${subject}`)) continue
    const part = raw.split('Content-Type: text/plain')[1] ?? ''
    const [partHead, ...rest] = part.split('\r\n\r\n')
    // The part ends at one of the message's boundaries, not at any line starting "--": a
    // quoted-printable soft break can put one inside a link's token.
    const boundaries = [...raw.matchAll(/boundary="?([^"\r\n;]+)/g)].map((m) => m[1])
    const text = rest.join('\r\n\r\n')
    const ends = boundaries.map((b) => text.indexOf(`\r\n--${b}`)).filter((i) => i >= 0)
    const body = ends.length > 0 ? text.slice(0, Math.min(...ends)) : text.split('\r\n--')[0]
    if (/content-transfer-encoding: base64/i.test(partHead)) {
      texts.push(Buffer.from(body, 'base64').toString('utf8'))
    } else if (/content-transfer-encoding: quoted-printable/i.test(partHead)) {
      const bytes = body
        .replace(/=\r\n/g, '')
        .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
      texts.push(Buffer.from(bytes, 'latin1').toString('utf8'))
    } else {
      texts.push(body)
    }
  }
  return texts
}

/** The confirmation link in the e-mail to `email`, once the server has written it. */
export async function confirmationLink(email: string, subject = CONFIRM_SUBJECT): Promise<string> {
  await expect.poll(() => mailsTo(email, subject).length, { message: `a confirmation e-mail to ${email}` }).toBe(1)
  const link = /(http\S+\/confirm-email#token=[\w-]+)/.exec(mailsTo(email, subject)[0])?.[1]
  expect(link, 'a confirmation link in the e-mail').toBeDefined()
  return link ?? ''
}

/** Follows the link e-mailed to `email` at sign-up, as its owner would before applying or publishing. */
export async function confirmEmail(request: APIRequestContext, email: string): Promise<void> {
  const token = new URL(await confirmationLink(email)).hash.replace('#token=', '')
  const response = await request.post('/api/v1/auth/confirm-email', { data: { token } })
  expect(response.status()).toBe(200)
}
