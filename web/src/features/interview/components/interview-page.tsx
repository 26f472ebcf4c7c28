import { useEffect, useRef, useState } from 'react'
import { toast } from '@/lib/toast'
import { AppHeader } from '@/components/app-header'
import { PageHeader } from '@/components/page-header'
import { paths } from '@/config/paths'
import { ApiError } from '@/lib/api-client'
import { getCore, type InterviewAnalysis, type InterviewQuestion } from '@/lib/core-worker'
import { saveBlob } from '@/lib/save-blob'
import { useAnalyzeInterview } from '../api/analyze-interview'
import { createAudioProbe, type AudioProbe } from '../answer-meter'
import { CameraError, liveTracks, openCamera, startProblem, stopStream } from '../camera'
import { createFaceDetector } from '../face-tracking'
import { InterviewRun, type RecordedAnswer } from '../interview-run'
import { MESSAGES } from '../messages'
import { shareResults } from '../share'
import { AnalysingStep } from './analysing-step'
import { InProgressStep, type InterviewPhase } from './in-progress-step'
import { ReportStep } from './report-step'
import { SetupStep } from './setup-step'

type Stage =
  | { name: 'setup' }
  | { name: 'inProgress'; index: number; phase: InterviewPhase }
  | { name: 'analysing'; failed: boolean }
  | { name: 'report'; analysis: InterviewAnalysis; createdAtMs: number }

/** What was recorded with, sent with the analysis request (spec, candidate §7). */
type Capture = { hasVideo: boolean; hasAudio: boolean; maxAnswerSeconds: number }

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}

/** The position as the core keeps it: trimmed, single spaces. */
function tidy(title: string): string {
  return title.trim().replace(/\s+/g, ' ')
}

function revokeRecordings(answers: RecordedAnswer[]) {
  for (const answer of answers) if (answer.video) URL.revokeObjectURL(answer.video.url)
}

/** Interview practice (spec, candidate §2 "Interview practice", §4 "Interview flow"). */
export function InterviewPage() {
  const [jobTitle, setJobTitle] = useState('')
  const [cameraOn, setCameraOn] = useState(false)
  const [cameraBusy, setCameraBusy] = useState(false)
  const [starting, setStarting] = useState(false)
  const [stream, setStream] = useState<MediaStream | null>(null)
  const [stage, setStage] = useState<Stage>({ name: 'setup' })
  const [questions, setQuestions] = useState<InterviewQuestion[]>([])
  const [answers, setAnswers] = useState<RecordedAnswer[]>([])
  const [capture, setCapture] = useState<Capture>({ hasVideo: false, hasAudio: false, maxAnswerSeconds: 60 })
  const [reportBusy, setReportBusy] = useState(false)
  const analyze = useAnalyzeInterview()

  const videoRef = useRef<HTMLVideoElement | null>(null)
  const runRef = useRef<InterviewRun | null>(null)
  const probeRef = useRef<AudioProbe | null>(null)
  // The latest stream and recordings, for the clean-up when the page is left.
  const streamRef = useRef<MediaStream | null>(null)
  const answersRef = useRef<RecordedAnswer[]>([])
  useEffect(() => {
    streamRef.current = stream
    answersRef.current = answers
  }, [stream, answers])

  useEffect(
    () => () => {
      runRef.current?.dispose()
      probeRef.current?.close()
      stopStream(streamRef.current)
      revokeRecordings(answersRef.current)
    },
    [],
  )

  // A camera unplugged or revoked ends its tracks: the stream is gone, the switch stays on.
  useEffect(() => {
    if (stream === null) return
    const tracks = stream.getTracks()
    const onEnded = () => {
      if (tracks.every((t) => t.readyState === 'ended')) setStream(null)
    }
    for (const track of tracks) track.addEventListener('ended', onEnded)
    return () => {
      for (const track of tracks) track.removeEventListener('ended', onEnded)
    }
  }, [stream])

  function releaseMedia() {
    runRef.current?.dispose()
    runRef.current = null
    probeRef.current?.close()
    probeRef.current = null
    stopStream(streamRef.current)
    setStream(null)
    setCameraOn(false)
  }

  async function toggleCamera() {
    if (cameraOn) {
      stopStream(stream)
      setStream(null)
      setCameraOn(false)
      return
    }
    setCameraBusy(true)
    try {
      const opened = await openCamera()
      setStream(opened)
      setCameraOn(true)
      toast.success(MESSAGES.cameraEnabled)
    } catch (error) {
      console.error(error)
      toast.error(error instanceof CameraError ? error.message : messageOf(error))
    } finally {
      setCameraBusy(false)
    }
  }

  async function requestAnalysis(title: string, asked: InterviewQuestion[], recorded: RecordedAnswer[], used: Capture) {
    setStage({ name: 'analysing', failed: false })
    const measurements = { answers: recorded.map((a) => a.measurement) }
    try {
      // The server scores the numbers itself; checking them here with the same
      // rules first catches a measuring bug before anything is sent.
      await getCore().scoreInterview(measurements)
      const analysis = await analyze.mutateAsync({
        jobTitle: title,
        questionCount: asked.length,
        hasVideo: used.hasVideo,
        hasAudio: used.hasAudio,
        measurements,
      })
      setStage({ name: 'report', analysis, createdAtMs: Date.now() })
      toast.success(MESSAGES.analysisComplete)
    } catch (error) {
      console.error(error)
      toast.error(MESSAGES.analysisFailed, {
        description: error instanceof ApiError ? error.message : undefined,
      })
      setStage({ name: 'analysing', failed: true })
    }
  }

  async function start() {
    if (starting) return
    setStarting(true)
    try {
      let asked: InterviewQuestion[]
      try {
        asked = await getCore().interviewQuestions(jobTitle)
      } catch (error) {
        // The core's title rule: "Please enter a job title" for a blank one.
        toast.error(messageOf(error))
        return
      }
      const problem = startProblem(cameraOn, stream)
      if (problem !== null || stream === null) {
        toast.error(problem ?? MESSAGES.streamMissing)
        return
      }
      const constants = await getCore().interviewConstants()
      const live = liveTracks(stream)
      const probe = createAudioProbe(stream)
      probeRef.current = probe
      const used: Capture = {
        hasVideo: live.video,
        hasAudio: live.audio && probe !== null,
        maxAnswerSeconds: constants.maxAnswerSeconds,
      }
      setCapture(used)
      revokeRecordings(answers)
      setAnswers([])
      setQuestions(asked)
      const title = tidy(jobTitle)
      const run = new InterviewRun({
        stream,
        questions: asked,
        probe,
        video: () => videoRef.current,
        detector: createFaceDetector(),
        chunkMs: constants.recordingChunkMs,
        maxAnswerMs: constants.maxAnswerSeconds * 1000,
        events: {
          onQuestion: (index, at, displayMs) =>
            setStage({ name: 'inProgress', index, phase: { kind: 'question', startedAt: at, displayMs } }),
          onRecording: (index, at) =>
            setStage({ name: 'inProgress', index, phase: { kind: 'recording', startedAt: at } }),
          onAnswer: (_index, answer) => setAnswers((previous) => [...previous, answer]),
          onError: (message) => toast.error(message),
          onAbort: (message) => {
            toast.error(message)
            runRef.current?.dispose()
            runRef.current = null
            probeRef.current?.close()
            probeRef.current = null
            setStage({ name: 'setup' })
          },
          onFinished: (recorded) => {
            // Every answer is in: the camera light goes off while the report is read.
            releaseMedia()
            void requestAnalysis(title, asked, recorded, used)
          },
        },
      })
      runRef.current = run
      run.start()
    } finally {
      setStarting(false)
    }
  }

  function startNew() {
    releaseMedia()
    revokeRecordings(answers)
    setAnswers([])
    setQuestions([])
    setJobTitle('')
    analyze.reset()
    setStage({ name: 'setup' })
  }

  async function reportFile(): Promise<{ fileName: string; text: string } | null> {
    if (stage.name !== 'report') return null
    return getCore().interviewReport({
      jobTitle: tidy(jobTitle),
      createdAtMs: stage.createdAtMs,
      questions,
      analysis: stage.analysis,
    })
  }

  async function download() {
    setReportBusy(true)
    try {
      const file = await reportFile()
      if (file) saveBlob(new Blob([file.text], { type: 'text/plain;charset=utf-8' }), file.fileName)
    } catch (error) {
      console.error(error)
    } finally {
      setReportBusy(false)
    }
  }

  async function share() {
    setReportBusy(true)
    try {
      const file = await reportFile()
      if (!file) return
      const outcome = await shareResults('My JobTap interview practice report', file.text)
      if (outcome === 'copied') toast.success(MESSAGES.copied)
      else if (outcome === 'failed') toast.error(MESSAGES.copyFailed)
    } finally {
      setReportBusy(false)
    }
  }

  return (
    <div className="min-h-dvh bg-linear-to-b from-brand-50 to-white">
      <AppHeader />
      <main className="mx-auto w-full max-w-6xl space-y-6 px-4 py-8 sm:px-6 sm:py-10">
        <PageHeader
          title="Interview Practice"
          description="Practise answering on camera and get a report built from what was really measured."
          back={{ to: paths.jobs, label: 'Back to Jobs' }}
        />
        {stage.name === 'setup' && (
          <SetupStep
            jobTitle={jobTitle}
            onJobTitleChange={setJobTitle}
            cameraOn={cameraOn}
            cameraBusy={cameraBusy}
            starting={starting}
            stream={stream}
            videoRef={videoRef}
            onToggleCamera={() => void toggleCamera()}
            onStart={() => void start()}
          />
        )}
        {stage.name === 'inProgress' && (
          <InProgressStep
            questions={questions}
            index={stage.index}
            phase={stage.phase}
            answered={answers.length}
            maxAnswerSeconds={capture.maxAnswerSeconds}
            stream={stream}
            videoRef={videoRef}
            onNext={() => runRef.current?.next()}
          />
        )}
        {stage.name === 'analysing' && (
          <AnalysingStep
            failed={stage.failed}
            onRetry={() => void requestAnalysis(tidy(jobTitle), questions, answers, capture)}
            onStartNew={startNew}
          />
        )}
        {stage.name === 'report' && (
          <ReportStep
            jobTitle={tidy(jobTitle)}
            questions={questions}
            answers={answers}
            analysis={stage.analysis}
            busy={reportBusy}
            onDownload={() => void download()}
            onShare={() => void share()}
            onStartNew={startNew}
          />
        )}
      </main>
    </div>
  )
}
