import { Download, ExternalLink, RotateCcw, Share2 } from 'lucide-react'
import { Button } from '@/components/button'
import { Card, CardTitle } from '@/components/card'
import type { AnswerFigures, InterviewAnalysis, InterviewQuestion, MetricScore } from '@/lib/core-worker'
import type { RecordedAnswer } from '../interview-run'

type ReportStepProps = {
  jobTitle: string
  questions: InterviewQuestion[]
  answers: RecordedAnswer[]
  analysis: InterviewAnalysis
  busy: boolean
  onDownload: () => void
  onShare: () => void
  onStartNew: () => void
}

/** The report (spec, candidate §2): scores that say how they were measured, coaching, replays and actions. */
export function ReportStep({
  jobTitle,
  questions,
  answers,
  analysis,
  busy,
  onDownload,
  onShare,
  onStartNew,
}: ReportStepProps) {
  return (
    <div className="space-y-6">
      <Card className="flex flex-col gap-6 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <h2 className="text-sm font-semibold tracking-wide text-slate-500 uppercase">Overall Score</h2>
          <p className="mt-1 text-5xl font-bold text-slate-900" aria-label="Overall score">
            {analysis.overallScore === null ? 'Not measured' : `${analysis.overallScore}/100`}
          </p>
          <p className="mt-1 text-sm text-slate-600">Practice interview for {jobTitle}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" disabled={busy} onClick={onDownload}>
            <Download aria-hidden="true" />
            Download Report
          </Button>
          <Button variant="outline" disabled={busy} onClick={onShare}>
            <Share2 aria-hidden="true" />
            Share
          </Button>
          <Button onClick={onStartNew}>
            <RotateCcw aria-hidden="true" />
            Start New Interview
          </Button>
        </div>
      </Card>

      <section aria-labelledby="metrics-heading" className="space-y-3">
        <h2 id="metrics-heading" className="text-xl font-semibold text-slate-900">
          Metrics
        </h2>
        <ul className="grid gap-4 sm:grid-cols-2">
          {analysis.metrics.map((metric) => (
            <MetricCard key={metric.metric} metric={metric} />
          ))}
        </ul>
      </section>

      <Card>
        <CardTitle as="h2">Summary</CardTitle>
        <p className="mt-2 leading-relaxed text-slate-700">{analysis.summary}</p>
      </Card>

      <div className="grid gap-6 lg:grid-cols-2">
        <Card>
          <CardTitle as="h2">Action Plan</CardTitle>
          <ol className="mt-3 list-decimal space-y-2 pl-5 text-slate-700">
            {analysis.actionPlan.map((step) => (
              <li key={step}>{step}</li>
            ))}
          </ol>
        </Card>
        <Card>
          <CardTitle as="h2">Resources</CardTitle>
          <ul className="mt-3 space-y-2">
            {analysis.resources.map((resource) => (
              <li key={resource.url}>
                <a
                  href={resource.url}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="inline-flex items-start gap-1.5 font-medium text-brand-700 hover:underline"
                >
                  {resource.title}
                  <ExternalLink aria-hidden="true" className="mt-1 size-3.5 shrink-0" />
                </a>
              </li>
            ))}
          </ul>
        </Card>
      </div>

      <section aria-labelledby="answers-heading" className="space-y-3">
        <h2 id="answers-heading" className="text-xl font-semibold text-slate-900">
          Your Answers
        </h2>
        <p className="text-sm text-slate-600">
          Replay each answer here. The recordings never left this device and are discarded when you leave this page or
          start a new interview.
        </p>
        <ol className="space-y-4">
          {questions.map((question, i) => (
            <AnswerCard
              key={question.id}
              number={i + 1}
              question={question.question}
              recording={answers[i]?.video ?? null}
              figures={analysis.answers.find((a) => a.question === i + 1)}
            />
          ))}
        </ol>
      </section>
    </div>
  )
}

/**
 * What each score is computed from. The names are the spec's; a browser sees no gaze, no
 * expression and no words, so each card says what stands in for them.
 */
const MEASURED_FROM: Record<MetricScore['metric'], string> = {
  eyeContact: 'from your face centred in the camera',
  confidence: 'from talk time, pauses and steady volume',
  facialExpression: 'from how long your face was in view',
  responseQuality: 'from how long you spoke',
}

function MetricCard({ metric }: { metric: MetricScore }) {
  const measured = metric.score !== null
  return (
    <li className="rounded-2xl border border-slate-200/80 bg-white p-5 shadow-sm">
      <div className="flex items-baseline justify-between gap-3">
        <h3 className="font-semibold text-slate-900">
          {metric.label}
          <span className="block text-xs font-normal text-slate-500">{MEASURED_FROM[metric.metric]}</span>
        </h3>
        <p className={measured ? 'text-lg font-bold text-slate-900' : 'text-sm font-medium text-slate-500'}>
          {measured ? `${metric.score?.toFixed(1)}/10` : 'Not measured'}
        </p>
      </div>
      {measured && (
        <div aria-hidden="true" className="mt-2 h-1.5 overflow-hidden rounded-full bg-slate-100">
          <div
            className="h-full rounded-full bg-linear-to-r from-brand-600 to-accent-500"
            style={{ width: `${(metric.score ?? 0) * 10}%` }}
          />
        </div>
      )}
      <p className="mt-2 text-sm text-slate-600">{metric.basis}</p>
    </li>
  )
}

function figureText(figures: AnswerFigures | undefined): string {
  if (!figures) return 'Not answered'
  const parts = [`${figures.durationSeconds.toFixed(1)} s long`]
  if (figures.speakingPercent !== null) parts.push(`speaking ${figures.speakingPercent}%`)
  if (figures.longestSilenceSeconds !== null) parts.push(`longest silence ${figures.longestSilenceSeconds.toFixed(1)} s`)
  if (figures.faceVisiblePercent !== null) parts.push(`face visible ${figures.faceVisiblePercent}%`)
  return parts.join(' · ')
}

function AnswerCard({
  number,
  question,
  recording,
  figures,
}: {
  number: number
  question: string
  recording: { url: string; type: string } | null
  figures: AnswerFigures | undefined
}) {
  return (
    <li className="grid gap-4 rounded-2xl border border-slate-200/80 bg-white p-5 shadow-sm md:grid-cols-[16rem_1fr]">
      {recording ? (
        // The candidate's own answer: no transcript exists (no audio goes to a speech service), so no captions.
        // oxlint-disable-next-line jsx-a11y/media-has-caption
        <video
          controls
          preload="metadata"
          src={recording.url}
          aria-label={`Recording of answer ${number}`}
          className="aspect-video w-full rounded-xl bg-slate-900"
        />
      ) : (
        <div className="flex aspect-video items-center justify-center rounded-xl bg-slate-100 text-sm text-slate-500">
          No recording
        </div>
      )}
      <div>
        <p className="text-xs font-semibold tracking-wide text-slate-500 uppercase">Question {number}</p>
        <p className="mt-1 font-medium text-slate-900">{question}</p>
        <p className="mt-2 text-sm text-slate-600">{figureText(figures)}</p>
      </div>
    </li>
  )
}
