import { Sparkles, Wand2 } from 'lucide-react'
import { Button } from '@/components/button'
import { ProgressBar } from '@/components/progress-bar'
import { ServerHtml } from '@/components/server-html'
import type { ResumeAnalysis } from '../api/analyze-resume'
import { fixesLeft, jobMatchSummary, MESSAGES } from '../messages'
import { AtsScore } from './ats-score'

/** The analysis: the ATS score, the match to the job aimed at, the flags and recommendations, and Upgrade. */
export function AnalysisSection({
  analysis,
  analysedFor,
  canUpgrade,
  upgrading,
  busy,
  onUpgrade,
}: {
  analysis: ResumeAnalysis
  /** What the analysis was measured against, for its "Match to …" part; null for no target. */
  analysedFor: string | null
  canUpgrade: boolean
  upgrading: boolean
  busy: boolean
  onUpgrade: () => void
}) {
  return (
    <section aria-label="Analysis" className="space-y-4 border-t border-slate-100 pt-5">
      <AtsScore label="ATS score" score={analysis.score} fixes={fixesLeft(analysis)} />
      {analysedFor !== null && <JobMatch report={analysis.report} target={analysedFor} />}
      <ServerHtml html={analysis.analysisHtml} className="text-sm text-slate-700" />
      {analysis.flags.length > 0 && (
        <div>
          <h3 className="text-sm font-semibold text-slate-900">What a recruiter would flag</h3>
          <ul aria-label="Flagged lines" className="mt-2 space-y-2">
            {analysis.flags.map((flag) => (
              <li key={flag.id} className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-950 ring-1 ring-amber-200">
                <p className="font-medium">
                  {flag.title} <span className="font-normal">(−{flag.points} points)</span>
                </p>
                <ul className="mt-1 list-disc space-y-0.5 pl-5">
                  {flag.lines.map((line, index) => (
                    // A line said twice is listed twice.
                    // oxlint-disable-next-line react/no-array-index-key
                    <li key={index}>“{line}”</li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
        </div>
      )}
      {analysis.recommendations.length > 0 && (
        <div>
          <h3 className="text-sm font-semibold text-slate-900">Recommendations</h3>
          <ul aria-label="Recommendations" className="mt-2 space-y-1.5">
            {analysis.recommendations.map((recommendation) => (
              <li key={recommendation} className="flex gap-2 text-sm text-slate-700">
                <Sparkles aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-600" />
                <span>{recommendation}</span>
              </li>
            ))}
          </ul>
        </div>
      )}
      {canUpgrade && (
        <Button onClick={onUpgrade} disabled={busy}>
          <Wand2 aria-hidden="true" />
          {upgrading ? 'Upgrading…' : 'Upgrade Resume'}
        </Button>
      )}
      {upgrading && <ProgressBar label="Upgrading your resume" value={null} />}
    </section>
  )
}

/** The part of the score that is the match to the job aimed at: the rubric's keyword rule for it. */
function JobMatch({ report, target }: { report: ResumeAnalysis['report']; target: string }) {
  const rule = report.rules.find((r) => r.id === 'keywords-target')
  if (rule === undefined) return null
  const { keywords, matched, missing } = report.keywords
  return (
    <section aria-label="Match to the job" className="rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-700 ring-1 ring-slate-200">
      <h3 className="font-semibold text-slate-900">Match to {target}</h3>
      <p className="mt-1">
        {/* Without keywords the rule scores the resume's own skills: that part is no match to the job. */}
        {keywords.length > 0
          ? jobMatchSummary(rule.points, rule.maxPoints, matched.length, keywords.length)
          : MESSAGES.noJobKeywords}
      </p>
      {matched.length > 0 && <p className="mt-1">In your resume: {matched.join(', ')}</p>}
      {missing.length > 0 && <p className="mt-1">Missing: {missing.join(', ')}</p>}
    </section>
  )
}
