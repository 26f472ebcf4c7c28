import { describe, expect, it } from 'vitest'
import { handedProposal, proposalHandOff } from './hand-off'

describe('handedProposal', () => {
  it('reads back what proposalHandOff put in the router state', () => {
    const proposal = { skills: ['Excel'], experienceYears: 4, degreeField: null, university: 'NUST' }
    expect(handedProposal(structuredClone(proposalHandOff(proposal)))).toEqual(proposal)
  })

  it('takes nothing else', () => {
    expect(handedProposal(null)).toBeNull()
    expect(handedProposal({ from: 'somewhere' })).toBeNull()
    expect(handedProposal({ resumeProposal: { skills: 'Excel', experienceYears: null, degreeField: null, university: null } })).toBeNull()
    expect(handedProposal({ resumeProposal: { skills: [], experienceYears: '4', degreeField: null, university: null } })).toBeNull()
  })
})
