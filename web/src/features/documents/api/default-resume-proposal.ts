// What a resume proposes for the profile once it becomes the default: its bytes are fetched back
// (the list holds only its name) and read by the same call onboarding makes for a chosen file.
import { useRef, useState } from 'react'
import type { ProfileProposal } from '@/generated/core-types'
import { downloadDocument, type UserDocument } from '@/entities/documents'
import { proposeProfile } from '@/entities/profile/propose-profile'
import { proposesSomething } from '@/entities/profile/proposal'

/** What the stored resume `document` proposes; nothing is saved. */
export async function proposeFromDocument(document: UserDocument): Promise<ProfileProposal> {
  const blob = await downloadDocument(document.id)
  const file = new File([blob], document.file_name, { type: blob.type || document.content_type })
  return proposeProfile(file)
}

/** A proposal on offer, and the resume it was read in. */
export type ProposalOffer = { document: UserDocument; proposal: ProfileProposal }

/**
 * The proposal of the latest default resume: `read` starts reading one, and an older reading
 * that answers late is dropped. A resume that cannot be read, or proposes nothing, offers nothing.
 */
export function useDefaultResumeProposal() {
  const [reading, setReading] = useState<UserDocument | null>(null)
  const [offer, setOffer] = useState<ProposalOffer | null>(null)
  const latest = useRef(0)

  function read(document: UserDocument) {
    const ticket = ++latest.current
    setOffer(null)
    setReading(document)
    proposeFromDocument(document)
      .then((proposal) => {
        if (ticket === latest.current && proposesSomething(proposal)) setOffer({ document, proposal })
      })
      .catch((error: unknown) => console.warn('The default resume could not be read for the profile', error))
      .finally(() => {
        if (ticket === latest.current) setReading(null)
      })
  }

  function close() {
    latest.current += 1
    setReading(null)
    setOffer(null)
  }

  return { reading, offer, read, close }
}
