// Every text the My Documents page toasts or asks (spec, candidate §2 and §8), to the letter.
export const MESSAGES = {
  loadFailed: 'Failed to load documents',
  /** Not in the spec: the QR dialog's list of the document's other links could not be loaded. */
  shareLinksLoadFailed: 'Failed to load the other links',
  uploaded: 'Document uploaded successfully!',
  uploadFailed: 'Failed to upload document',
  downloaded: 'Document downloaded!',
  downloadFailed: 'Failed to download document',
  deleteConfirm: 'Are you sure you want to delete this document?',
  deleted: 'Document deleted!',
  deleteFailed: 'Failed to delete document',
  defaultSet: 'Set as default resume for applications!',
  defaultFailed: 'Failed to set default resume',
  qrDownloaded: 'QR code downloaded!',
  qrFailed: 'Failed to generate QR code',
  /** Not in the spec (share links replace its public URLs): revoking a link failed. */
  revokeFailed: 'Failed to revoke link',
  stopSharingFailed: 'Failed to stop sharing',
  /** Not in the spec: offline, with no link made on this device yet to draw again. */
  qrNeedsConnection: "You're offline. A new QR code needs a connection once; after that it works offline.",
  /** Not in the spec: offline, the code of the last link made on this device is shown. */
  qrOfflineCopy: "You're offline: this is the last link made on this device. Revoking or making a new one needs a connection.",
  /** Not in the spec: the default resume's proposal was saved; the description lists what changed. */
  profileUpdated: 'Profile updated',
  /** Not in the spec: the proposal was saved, and the profile held all of it already. */
  profileUnchanged: 'Profile saved: nothing in it changed',
  /** Not in the spec: saving the proposal failed. */
  profileSaveFailed: 'Failed to save profile. Please try again.',
} as const
