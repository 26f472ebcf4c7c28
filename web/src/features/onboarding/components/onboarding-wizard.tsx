import { ArrowLeft, ArrowRight, Check } from 'lucide-react'
import { Button } from '@/components/button'
import { Spinner } from '@/components/spinner'
import type { ProfileAnswer } from '@/entities/profile'
import { BasicInfoStep } from './basic-info-step'
import { CertificatesStep } from './certificates-step'
import { DraftNotice } from './draft-notice'
import { EducationStep } from './education-step'
import { PreferencesStep } from './preferences-step'
import { STEP_COUNT, useOnboardingWizard } from './use-onboarding-wizard'

const STEP_TITLES = ['Basic Information', 'Certificates', 'Education & Experience', 'Job Preferences'] as const

/** The four steps in one form, with where the person is, and Back, Next or "Complete Setup". */
export function OnboardingWizard({ answer, fallbackName }: { answer: ProfileAnswer; fallbackName: string }) {
  const {
    step,
    fields,
    files,
    setFiles,
    lost,
    restored,
    progress,
    proposal,
    proposalUsed,
    headingRef,
    busy,
    saving,
    currentResume,
    savedAvatar,
    update,
    toggleJobType,
    goTo,
    choose,
    readProposal,
    takeProposal,
    dismissProposal,
    onSubmit,
    startOver,
    forget,
  } = useOnboardingWizard(answer, fallbackName)
  const title = STEP_TITLES[step - 1] ?? ''

  return (
    <div className="rounded-3xl border border-slate-200/80 bg-white p-6 shadow-xl shadow-brand-600/5 sm:p-8">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
        {answer.preferences !== null ? 'Edit Your Profile' : 'Complete Your Profile'}
      </h1>
      <p className="mt-1 text-slate-600">Tell us about yourself so we can match you with the right jobs.</p>

      <StepProgress step={step} />

      {restored && <DraftNotice lost={lost} busy={busy} onForget={forget} onStartOver={startOver} />}

      <form noValidate onSubmit={onSubmit} className="mt-8" aria-busy={busy}>
        <h2 ref={headingRef} tabIndex={-1} className="text-lg font-semibold text-slate-900 outline-none">
          {title}
        </h2>

        <div className="mt-5 space-y-5">
          {step === 1 && (
            <BasicInfoStep
              fields={fields}
              update={update}
              fallbackName={fallbackName}
              files={files}
              setFiles={setFiles}
              savedAvatar={savedAvatar}
              currentResume={currentResume}
              busy={busy}
              choose={choose}
              onResume={readProposal}
            />
          )}
          {step === 2 && <CertificatesStep files={files} setFiles={setFiles} busy={busy} choose={choose} />}
          {step === 3 && (
            <EducationStep
              fields={fields}
              update={update}
              proposal={proposal}
              proposalUsed={proposalUsed}
              onUseProposal={takeProposal}
              onDismissProposal={dismissProposal}
            />
          )}
          {step === 4 && <PreferencesStep fields={fields} update={update} onJobType={toggleJobType} />}
        </div>

        {progress !== null && <UploadProgress progress={progress} />}

        <div className="mt-8 flex items-center justify-between gap-3">
          {step > 1 ? (
            <Button variant="outline" onClick={() => goTo(step - 1)} disabled={busy}>
              <ArrowLeft aria-hidden="true" />
              Back
            </Button>
          ) : (
            <span />
          )}
          {step < STEP_COUNT ? (
            <Button type="submit" disabled={busy}>
              Next
              <ArrowRight aria-hidden="true" />
            </Button>
          ) : (
            <Button type="submit" disabled={busy}>
              {saving ? <Spinner label="Saving" className="text-white" /> : <Check aria-hidden="true" />}
              Complete Setup
            </Button>
          )}
        </div>
      </form>
    </div>
  )
}

function StepProgress({ step }: { step: number }) {
  return (
    <div className="mt-6">
      <div className="flex items-center justify-between text-sm font-medium text-slate-700">
        <span>
          Step {step} of {STEP_COUNT}
        </span>
        <span className="text-slate-500">{Math.round((step / STEP_COUNT) * 100)}%</span>
      </div>
      <div
        role="progressbar"
        aria-label="Setup progress"
        aria-valuemin={1}
        aria-valuemax={STEP_COUNT}
        aria-valuenow={step}
        aria-valuetext={`Step ${step} of ${STEP_COUNT}`}
        className="mt-2 h-2 overflow-hidden rounded-full bg-slate-100"
      >
        <div
          className="h-full rounded-full bg-linear-to-r from-brand-600 to-accent-500 transition-[width] duration-300"
          style={{ width: `${(step / STEP_COUNT) * 100}%` }}
        />
      </div>
    </div>
  )
}

/** While "Complete Setup" sends: the files' upload first, then the profile's save. */
function UploadProgress({ progress }: { progress: number }) {
  return (
    <div className="mt-6">
      <div className="flex justify-between text-sm text-slate-600">
        <span>{progress < 100 ? 'Uploading your files…' : 'Saving your profile…'}</span>
        <span>{progress}%</span>
      </div>
      <div
        role="progressbar"
        aria-label="Upload progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={progress}
        className="mt-2 h-2 overflow-hidden rounded-full bg-slate-100"
      >
        <div className="h-full rounded-full bg-brand-600 transition-[width]" style={{ width: `${progress}%` }} />
      </div>
    </div>
  )
}
