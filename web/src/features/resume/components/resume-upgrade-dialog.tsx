import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef, useState, type ChangeEvent } from 'react'
import { toast } from '@/lib/toast'
import { Dialog } from '@/components/dialog'
import { ApiError } from '@/lib/api-client'
import { getCore } from '@/lib/core-worker'
import { useOffline } from '@/lib/offline/network-status'
import { saveBlob } from '@/lib/save-blob'
import { LAST_UPGRADE_QUERY_KEY } from '@/entities/query-keys'
import { isAnalysable, resumeSource, savedResumeName } from '@/entities/resume-file'
import { useAnalyzeResume, type ResumeAnalysis, type ResumeTarget } from '../api/analyze-resume'
import { resumeDocx } from '../api/resume-docx'
import { useSaveResumeDocument } from '../api/save-resume'
import { useUpgradeResume, type ResumeUpgrade } from '../api/upgrade-resume'
import {
  ATS_TARGET,
  currentScoreDescription,
  fixesLeft,
  fixesLeftDescription,
  MEETS_TARGET_WITH_FIXES,
  MESSAGES,
  replacedDescription,
  scoreDescription,
  stillMissingDescription,
  upgradedBelowTarget,
} from '../messages'
import { AnalysisSection } from './analysis-section'
import { ResumeSourceSection } from './resume-source-section'
import { UpgradedSection } from './upgraded-section'

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
      // "Optimized" only when the analysis lists nothing more to change.
      const fixes = fixesLeft(result)
      if (result.score >= ATS_TARGET && fixes === 0) {
        toast.success(MESSAGES.optimized, { description: scoreDescription(result.score) })
      } else if (result.score >= ATS_TARGET) {
        toast.success(MEETS_TARGET_WITH_FIXES, { description: fixesLeftDescription(result.score, fixes) })
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
      // Saved as the PDF the candidate downloads ("Resume – {Name} – {date}.pdf"),
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
        <ResumeSourceSection
          file={file}
          forJob={forJob}
          jobText={jobText}
          busy={busy}
          offline={offline}
          analyzing={analyze.isPending}
          progress={progress}
          onFile={chooseFile}
          onJobText={(text) => {
            setJobText(text)
            setAnalysis(null)
            setUpgrade(null)
          }}
          onUntailor={() => {
            setForJob(null)
            setAnalysis(null)
            setUpgrade(null)
          }}
          onAnalyze={() => void runAnalysis()}
        />
        {analysis !== null && (
          <AnalysisSection
            analysis={analysis}
            analysedFor={analysedFor}
            canUpgrade={analysis.score < ATS_TARGET && upgrade === null}
            upgrading={upgradeMutation.isPending}
            busy={busy}
            onUpgrade={() => void runUpgrade(kept)}
          />
        )}
        {upgrade !== null && (
          <UpgradedSection
            upgrade={upgrade}
            busy={busy}
            offline={offline}
            savedAs={savedAs}
            onKeep={(line) => void runUpgrade(kept.includes(line) ? kept : [...kept, line])}
            onDownloadPdf={() => void downloadPdf()}
            onDownloadWord={() => void downloadWord()}
            onSave={() => void saveToDocuments()}
          />
        )}
      </div>
    </Dialog>
  )
}
