import { useQueryClient } from '@tanstack/react-query'
import { CheckCircle2, Download, FileText, FileUp, FolderPlus, Sparkles, Undo2, Wand2 } from 'lucide-react'
import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react'
import { toast } from '@/lib/toast'
import { Button } from '@/components/button'
import { Dialog } from '@/components/dialog'
import { ProgressBar } from '@/components/progress-bar'
import { ServerHtml } from '@/components/server-html'
import { ApiError } from '@/lib/api-client'
import { getCore } from '@/lib/core-worker'
import { useOffline } from '@/lib/offline/network-status'
import { saveBlob } from '@/lib/save-blob'
import { useAnalyzeResume, type ResumeAnalysis, type ResumeTarget } from '../api/analyze-resume'
import { resumeDocx } from '../api/resume-docx'
import { useSaveResumeDocument } from '../api/save-resume'
import { LAST_UPGRADE_QUERY_KEY } from '@/entities/query-keys'
import { useUpgradeResume, type ResumeUpgrade } from '../api/upgrade-resume'
import {
  ATS_TARGET,
  currentScoreDescription,
  jobMatchSummary,
  MESSAGES,
  replacedDescription,
  scoreDescription,
  stillMissingDescription,
  upgradedBelowTarget,
} from '../messages'
import { isAnalysable, RESUME_ACCEPT, resumeSource, savedResumeName } from '@/entities/resume-file'
import { AtsScore } from './ats-score'
import { UploadProgressBar } from './upload-progress-bar'
import { TARGET_TEXT_MAX_CHARS } from '@/generated/catalogue'

/** A failure's reason for a toast's description: the server's (or the client's) message. */
function reasonOf(error: unknown): string | undefined {
  return error instanceof ApiError ? error.message : undefined
}

/**
 * The resume upgrade dialog (spec, candidate §2, §4 "Resume upgrade", §5, §8,
 * §9), opened from the feed: choose a file, analyse it and see the ATS score
 * (green at the target or more, orange below) with the rubric's recommendations;
 * below the target, upgrade it; then download it as a PDF or save it to My Documents.
 * Offline, the last upgraded resume (saved on this device) can still be
 * downloaded as a PDF, which the core makes here.
 */
export function ResumeUpgradeDialog({
  onClose,
  job,
  fullName = '',
}: {
  onClose: () => void
  job?: { id: string; title: string }
  /** The candidate's name, for the saved file's name. */
  fullName?: string
}) {
  const id = useId()
  // A job of the feed it is tailored for (until removed), else an optional pasted job ad.
  const [forJob, setForJob] = useState(job ?? null)
  const [jobText, setJobText] = useState('')
  const target: ResumeTarget = forJob ? { jobId: forJob.id } : jobText.trim() ? { jobText } : {}
  const [file, setFile] = useState<File | null>(null)
  const [analysis, setAnalysis] = useState<ResumeAnalysis | null>(null)
  // What the shown analysis was measured against, for its "Match to …" part; null for no target.
  const [analysedFor, setAnalysedFor] = useState<string | null>(null)
  const [upgradeMade, setUpgrade] = useState<ResumeUpgrade | null>(null)
  const offline = useOffline()
  const queryClient = useQueryClient()
  const [lastUpgrade] = useState(() => queryClient.getQueryData<ResumeUpgrade>(LAST_UPGRADE_QUERY_KEY) ?? null)
  const upgrade = upgradeMade ?? (offline ? lastUpgrade : null)
  const [progress, setProgress] = useState<number | null>(null)
  const [making, setMaking] = useState(false)
  const [savedAs, setSavedAs] = useState<string | null>(null)
  // Left-out lines the candidate put back, sent with each upgrade after.
  const [kept, setKept] = useState<string[]>([])
  const analyze = useAnalyzeResume()
  const upgradeMutation = useUpgradeResume()
  const save = useSaveResumeDocument()
  // Closing the dialog cancels what it was waiting for.
  const abort = useRef(new AbortController())
  useEffect(() => {
    const controller = abort.current
    return () => controller.abort()
  }, [])

  const busy = analyze.isPending || upgradeMutation.isPending || save.isPending || making

  function chooseFile(event: ChangeEvent<HTMLInputElement>) {
    const chosen = event.target.files?.[0] ?? null
    setAnalysis(null)
    setUpgrade(null)
    setSavedAs(null)
    setKept([])
    if (chosen !== null && !isAnalysable(chosen)) {
      toast.error(MESSAGES.invalidFile)
      event.target.value = ''
      setFile(null)
      return
    }
    setFile(chosen)
  }

  async function runAnalysis() {
    if (file === null || busy) return
    const signal = abort.current.signal
    try {
      const source = await resumeSource(file)
      const result = await analyze.mutateAsync({
        source,
        target,
        signal,
        onProgress: ({ loaded, total }) => {
          if (total > 0) setProgress(Math.round((loaded / total) * 100))
        },
      })
      setAnalysis(result)
      setAnalysedFor(forJob ? forJob.title : jobText.trim() ? 'the job ad' : null)
      if (result.score >= ATS_TARGET) {
        toast.success(MESSAGES.optimized, { description: scoreDescription(result.score) })
      } else {
        toast.info(MESSAGES.couldImprove, { description: currentScoreDescription(result.score) })
      }
    } catch (error) {
      if (signal.aborted) return
      console.error(error)
      toast.error(MESSAGES.analyzeFailed, { description: reasonOf(error) })
    } finally {
      setProgress(null)
    }
  }

  /** Upgrades the analysed text, keeping the left-out lines of `keep`. */
  async function runUpgrade(keep: string[] = []) {
    if (analysis === null || busy) return
    const signal = abort.current.signal
    try {
      const result = await upgradeMutation.mutateAsync({
        resumeText: analysis.resumeText,
        analysisRecommendations: analysis.recommendations,
        target,
        keep,
        signal,
      })
      setUpgrade(result)
      setKept(keep)
      setSavedAs(null)
      // The toast says what the score says: the standard only when it is reached.
      if (result.meetsTarget) {
        toast.success(MESSAGES.upgraded, { description: scoreDescription(result.score) })
      } else {
        toast.info(upgradedBelowTarget(result.previousScore, result.score), {
          description: stillMissingDescription(result.stillMissing),
        })
      }
    } catch (error) {
      if (signal.aborted) return
      console.error(error)
      toast.error(MESSAGES.upgradeFailed, { description: reasonOf(error) })
    }
  }

  async function downloadPdf() {
    if (upgrade === null || busy) return
    setMaking(true)
    try {
      const pdf = await getCore().resumePdf(upgrade.upgradedResume)
      saveBlob(new Blob([pdf.bytes], { type: 'application/pdf' }), savedResumeName(fullName, new Date(), 'pdf'))
      // Characters the standard font lacks print as "?": the toast says so rather than
      // claim a faithful copy.
      if (pdf.unprintable.length > 0) {
        toast.info(MESSAGES.pdfReplaced, { description: replacedDescription(pdf.unprintable, !offline) })
      } else {
        toast.success(MESSAGES.downloaded)
      }
    } catch (error) {
      console.error(error)
      toast.error(MESSAGES.pdfFailed)
    } finally {
      setMaking(false)
    }
  }

  async function downloadWord() {
    if (upgrade === null || busy) return
    setMaking(true)
    try {
      const blob = await resumeDocx(upgrade.upgradedResume, abort.current.signal)
      saveBlob(blob, savedResumeName(fullName, new Date(), 'docx'))
      toast.success(MESSAGES.wordDownloaded)
    } catch (error) {
      if (abort.current.signal.aborted) return
      console.error(error)
      toast.error(MESSAGES.wordFailed, { description: reasonOf(error) })
    } finally {
      setMaking(false)
    }
  }

  async function saveToDocuments() {
    if (upgrade === null || busy) return
    setMaking(true)
    try {
      // Saved as the PDF the candidate downloads (issue 28: "Resume – {Name} – {date}.pdf"),
      // which My Documents reads back as a resume and an application can carry.
      const pdf = await getCore().resumePdf(upgrade.upgradedResume)
      const name = savedResumeName(fullName, new Date(), 'pdf')
      await save.mutateAsync(new File([pdf.bytes], name, { type: 'application/pdf' }))
      setSavedAs(name)
      // A copy with characters replaced is saved, but not called a faithful one.
      if (pdf.unprintable.length > 0) {
        toast.info(MESSAGES.savedReplaced, { description: replacedDescription(pdf.unprintable, !offline) })
      } else {
        toast.success(MESSAGES.saved)
      }
    } catch (error) {
      console.error(error)
      toast.error(MESSAGES.saveFailed, { description: reasonOf(error) })
    } finally {
      setMaking(false)
    }
  }

  return (
    <Dialog
      open
      onClose={onClose}
      title="Upgrade Your Resume"
      description={`Get your resume's ATS score, see what to improve, and upgrade it to ${ATS_TARGET}% or more.`}
      sizeClassName="max-h-[90dvh] max-w-2xl"
    >
      <div className="space-y-5" aria-busy={busy}>
        {offline && (
          <p role="note" className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-amber-200">
            {lastUpgrade !== null ? MESSAGES.offlineWithUpgrade : MESSAGES.offlineNoUpgrade}
          </p>
        )}
        <div className="space-y-3">
          <label htmlFor={`${id}-file`} className="block text-sm font-medium text-slate-800">
            Resume file
          </label>
          <input
            id={`${id}-file`}
            type="file"
            accept={RESUME_ACCEPT}
            disabled={busy}
            aria-describedby={`${id}-file-hint`}
            onChange={chooseFile}
            className="block w-full cursor-pointer rounded-xl border border-dashed border-slate-300 bg-slate-50/60 p-1.5 text-sm text-slate-700 file:mr-3 file:cursor-pointer file:rounded-full file:border-0 file:bg-brand-50 file:px-4 file:py-2 file:font-semibold file:text-brand-700 hover:border-brand-500 hover:file:bg-brand-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed disabled:opacity-60"
          />
          <p id={`${id}-file-hint`} className="text-xs text-slate-500">
            PDF, Word, PNG, JPG or TXT. Images are read with text recognition.
          </p>
          {forJob ? (
            <p className="flex flex-wrap items-center gap-2 rounded-lg bg-brand-50 px-3 py-2 text-sm text-brand-900">
              <span>
                Tailored for <strong>{forJob.title}</strong>: keywords come from this job.
              </span>
              <Button
                variant="ghost"
                size="sm"
                disabled={busy}
                onClick={() => {
                  setForJob(null)
                  setAnalysis(null)
                  setUpgrade(null)
                }}
              >
                Don't tailor
              </Button>
            </p>
          ) : (
            <details className="rounded-lg border border-slate-200 px-3 py-2 text-sm">
              <summary className="cursor-pointer font-medium text-slate-800">Tailor for a job ad (optional)</summary>
              <label htmlFor={`${id}-job`} className="mt-2 block text-sm text-slate-700">
                Job ad
              </label>
              <textarea
                id={`${id}-job`}
                rows={4}
                value={jobText}
                maxLength={TARGET_TEXT_MAX_CHARS}
                disabled={busy}
                placeholder="Paste the job's title and description: its skills become the keywords."
                onChange={(e) => {
                  setJobText(e.target.value)
                  setAnalysis(null)
                  setUpgrade(null)
                }}
                className="mt-1 block w-full rounded-xl border border-slate-300 p-2 text-sm"
              />
            </details>
          )}
          <div className="flex flex-wrap items-center gap-3">
            <Button onClick={() => void runAnalysis()} disabled={file === null || busy || offline}>
              <FileUp aria-hidden="true" />
              {analyze.isPending ? 'Analyzing…' : 'Analyze Resume'}
            </Button>
          </div>
          {analyze.isPending && progress !== null && progress < 100 && (
            <UploadProgressBar label={`Uploading ${file?.name ?? 'your resume'}`} value={progress} />
          )}
          {/* Once the file is up, the analysis (text recognition for images) takes a while of unknown length. */}
          {analyze.isPending && (progress === null || progress >= 100) && (
            <ProgressBar label="Analyzing your resume" value={null} />
          )}
        </div>

        {analysis !== null && (
          <section aria-label="Analysis" className="space-y-4 border-t border-slate-100 pt-5">
            <AtsScore label="ATS score" score={analysis.score} />
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
            {analysis.score < ATS_TARGET && upgrade === null && (
              <Button onClick={() => void runUpgrade(kept)} disabled={busy}>
                <Wand2 aria-hidden="true" />
                {upgradeMutation.isPending ? 'Upgrading…' : 'Upgrade Resume'}
              </Button>
            )}
            {upgradeMutation.isPending && <ProgressBar label="Upgrading your resume" value={null} />}
          </section>
        )}

        {upgrade !== null && (
          <section aria-label="Upgraded resume" className="space-y-4 border-t border-slate-100 pt-5">
            <AtsScore label="Upgraded ATS score" score={upgrade.score} />
            <p className="text-sm text-slate-600">
              From {upgrade.previousScore}% to {upgrade.score}%.
            </p>
            {!upgrade.meetsTarget && (upgrade.stillMissing ?? []).length > 0 && (
              <div>
                <h3 className="text-sm font-semibold text-slate-900">Still missing</h3>
                <ul aria-label="Still missing" className="mt-2 list-disc space-y-1 pl-5 text-sm text-slate-700">
                  {(upgrade.stillMissing ?? []).map((item) => (
                    <li key={item}>{item}</li>
                  ))}
                </ul>
              </div>
            )}
            {/* An upgrade saved on this device by an older version has no list. */}
            {(upgrade.leftOut ?? []).length > 0 && (
              <div>
                <h3 className="text-sm font-semibold text-slate-900">Left out of the upgrade</h3>
                <p className="mt-1 text-xs text-slate-500">Recruiters flag these lines. Keep one to put it back.</p>
                <ul aria-label="Left out" className="mt-2 space-y-1.5 text-sm text-slate-700">
                  {(upgrade.leftOut ?? []).map((line) => (
                    <li key={line} className="flex items-start justify-between gap-3">
                      <span>“{line}”</span>
                      <Button
                        variant="outline"
                        size="sm"
                        aria-label={`Keep “${line}”`}
                        onClick={() => void runUpgrade(kept.includes(line) ? kept : [...kept, line])}
                        disabled={busy || offline}
                      >
                        <Undo2 aria-hidden="true" />
                        Keep
                      </Button>
                    </li>
                  ))}
                </ul>
              </div>
            )}
            <div>
              <h3 id={`${id}-upgraded`} className="text-sm font-semibold text-slate-900">
                Your upgraded resume
              </h3>
              <textarea
                aria-labelledby={`${id}-upgraded`}
                readOnly
                rows={12}
                value={upgrade.upgradedResume}
                className="mt-2 block w-full resize-y rounded-xl border border-slate-200 bg-slate-50 p-3 text-xs leading-relaxed text-slate-800 focus-visible:outline-2 focus-visible:outline-brand-600"
              />
            </div>
            <div className="flex flex-wrap gap-2">
              <Button onClick={() => void downloadPdf()} disabled={busy}>
                <Download aria-hidden="true" />
                Download PDF
              </Button>
              <Button variant="outline" onClick={() => void downloadWord()} disabled={busy || offline}>
                <FileText aria-hidden="true" />
                Download as Word
              </Button>
              <Button variant="outline" onClick={() => void saveToDocuments()} disabled={busy || savedAs !== null || offline}>
                {savedAs !== null ? <CheckCircle2 aria-hidden="true" /> : <FolderPlus aria-hidden="true" />}
                {savedAs !== null ? 'Saved to Documents' : 'Save to Documents'}
              </Button>
            </div>
            {savedAs !== null && <p className="text-xs text-slate-500">Saved as {savedAs} in My Documents.</p>}
          </section>
        )}
      </div>
    </Dialog>
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
