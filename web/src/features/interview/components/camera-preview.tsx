import { useCallback, type ReactNode, type RefObject } from 'react'
import { cn } from '@/lib/cn'

type CameraPreviewProps = {
  stream: MediaStream | null
  /** Receives the live video element (face detection samples it). */
  videoRef?: RefObject<HTMLVideoElement | null>
  className?: string
  children?: ReactNode
}

/** The live camera, shown mirrored as people expect of themselves (the recording is not), with overlays as children. */
export function CameraPreview({ stream, videoRef, className, children }: CameraPreviewProps) {
  const attach = useCallback(
    (video: HTMLVideoElement | null) => {
      if (videoRef) videoRef.current = video
      if (video && stream && video.srcObject !== stream) video.srcObject = stream
    },
    [stream, videoRef],
  )
  return (
    <div className={cn('relative aspect-video overflow-hidden rounded-2xl bg-slate-900', className)}>
      {stream ? (
        <video
          ref={attach}
          aria-label="Camera preview"
          autoPlay
          muted
          playsInline
          className="h-full w-full -scale-x-100 object-cover"
        />
      ) : (
        <div className="flex h-full items-center justify-center p-6 text-center text-sm text-slate-300">
          Camera is off
        </div>
      )}
      {children}
    </div>
  )
}
