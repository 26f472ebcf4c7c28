// Every text interview practice toasts (spec, candidate §5 and §8), to the letter.
export const MESSAGES = {
  jobTitleRequired: 'Please enter a job title',
  cameraRequired: 'Please enable your camera to start the interview',
  cameraEnabled: 'Camera and microphone enabled',
  permissionDenied: 'Camera/microphone access denied. Please allow permissions.',
  noDevice: 'No camera or microphone found.',
  /** Followed by the browser's reason. */
  cameraFailedPrefix: 'Failed to access camera: ',
  tracksNotLive: 'Camera/microphone not ready. Please disable and re-enable your camera.',
  streamMissing: 'Camera stream not available. Please enable camera first.',
  cameraNotReady: 'Camera not ready. Please try again.',
  microphoneNotReady: 'Microphone not ready. Please try again.',
  recordingError: 'Recording error occurred',
  /** Followed by the browser's reason. */
  recordingFailedPrefix: 'Failed to start recording: ',
  analysisFailed: 'Failed to analyze interview',
  analysisComplete: 'Interview analysis complete!',
  copied: 'Results copied to clipboard!',
  /** Not in the spec: neither a share sheet nor the clipboard took the results. */
  copyFailed: 'Could not copy the results. Please download the report instead.',
} as const
