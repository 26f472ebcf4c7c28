// Every text the My Documents page toasts or asks (spec, candidate §2 and §8), to the letter.
export const MESSAGES = {
  loadFailed: 'Failed to load documents',
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
} as const
