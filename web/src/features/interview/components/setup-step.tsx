import { Camera, CameraOff, Play } from 'lucide-react'
import type { FormEvent, RefObject } from 'react'
import { Button } from '@/components/button'
import { Card, CardText, CardTitle } from '@/components/card'
import { TextField } from '@/components/form-field'
import { CameraPreview } from './camera-preview'

type SetupStepProps = {
  jobTitle: string
  onJobTitleChange: (value: string) => void
  cameraOn: boolean
  cameraBusy: boolean
  starting: boolean
  stream: MediaStream | null
  videoRef: RefObject<HTMLVideoElement | null>
  onToggleCamera: () => void
  onStart: () => void
}

/** Setup (spec, candidate §2): the job position and the camera, then Start Interview. */
export function SetupStep({
  jobTitle,
  onJobTitleChange,
  cameraOn,
  cameraBusy,
  starting,
  stream,
  videoRef,
  onToggleCamera,
  onStart,
}: SetupStepProps) {
  const submit = (event: FormEvent) => {
    event.preventDefault()
    onStart()
  }
  return (
    <div className="grid gap-6 lg:grid-cols-[1fr_1.2fr]">
      <Card>
        <CardTitle as="h2">Set up your practice interview</CardTitle>
        <CardText>
          You will answer 5 questions tailored to the position. Each question is shown for a few seconds (5 to 9), then
          your answer is recorded for up to 60 seconds; press Next when you are done.
        </CardText>
        <form noValidate onSubmit={submit} className="mt-5 space-y-5">
          <TextField
            label="Job Position"
            name="jobTitle"
            placeholder="e.g. Frontend Developer"
            autoComplete="organization-title"
            maxLength={100}
            value={jobTitle}
            onChange={(event) => onJobTitleChange(event.target.value)}
          />
          <div className="flex flex-wrap gap-3">
            <Button
              variant={cameraOn ? 'outline' : 'secondary'}
              aria-pressed={cameraOn}
              disabled={cameraBusy || starting}
              onClick={onToggleCamera}
            >
              {cameraOn ? <CameraOff aria-hidden="true" /> : <Camera aria-hidden="true" />}
              {cameraOn ? 'Disable Camera' : 'Enable Camera'}
            </Button>
            <Button type="submit" disabled={starting}>
              <Play aria-hidden="true" />
              Start Interview
            </Button>
          </div>
        </form>
        <p className="mt-5 text-xs leading-relaxed text-slate-500">
          Your recordings stay on this device. While you answer, the page measures how much you speak, your pauses and
          your loudness, and, where the browser can detect faces, whether your face is visible and centred. Only those
          numbers are sent for your report.
        </p>
      </Card>
      <CameraPreview stream={stream} videoRef={videoRef} />
    </div>
  )
}
