import { useState, type FormEvent } from 'react'
import { Link, useNavigate } from 'react-router'
import { toast } from '@/lib/toast'
import { useHydrated } from '@/lib/use-hydrated'
import { Button } from '@/components/button'
import { TextField } from '@/components/form-field'
import { Spinner } from '@/components/spinner'
import { paths } from '@/config/paths'
import { NEW_PASSWORD_HINT } from '@/generated/catalogue'
import { errorMessage, FormValidationError } from '@/lib/form-check'
import { formText } from '@/lib/form-values'
import { useEmployerSignIn } from '../api/employer-sign-in'
import { useEmployerSignUp } from '../api/employer-sign-up'
import { AuthLayout, AuthPanel, PanelPoints } from './auth-layout'

type Mode = 'signin' | 'signup'

/**
 * What the panel says hiring on JobTap is. No counts, rates or trial: nothing measures the spec's
 * figures and JobTap has no free trial, so they are left out.
 */
const POINTS = [
  'Post jobs one at a time or many at once from a CSV file',
  'Every applicant scored on degree, skills, university and experience',
  'Accept, reject and comment from one list, on any screen',
] as const

/** Employer sign in and sign up (spec, employer §2 "Employer auth"). */
export function EmployerAuthPage() {
  const [mode, setMode] = useState<Mode>('signin')
  const navigate = useNavigate()
  const signIn = useEmployerSignIn()
  const signUp = useEmployerSignUp()
  const pending = signIn.isPending || signUp.isPending
  const isSignUp = mode === 'signup'
  const hydrated = useHydrated()

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (pending) return
    const form = event.currentTarget
    const email = formText(form, 'email')
    const password = formText(form, 'password')
    const fullName = formText(form, 'full_name')
    const companyName = formText(form, 'company_name')
    try {
      if (isSignUp) {
        await signUp.mutateAsync({ email, password, fullName, companyName })
        toast.success('Employer account created!')
      } else {
        await signIn.mutateAsync({ email, password })
        toast.success('Welcome back!')
      }
      await navigate(paths.employer, { replace: true })
    } catch (error) {
      if (!(error instanceof FormValidationError)) console.error(error)
      toast.error(errorMessage(error, 'An error occurred'))
    }
  }

  return (
    <AuthLayout
      title={isSignUp ? 'Start Hiring' : 'Employer Portal'}
      description={
        isSignUp ? 'Create your employer account and post your first job.' : 'Sign in to manage your jobs and applicants.'
      }
      panel={
        <AuthPanel label="Why hire with JobTap" heading="Hire faster with candidates matched to your roles">
          <PanelPoints points={POINTS} />
        </AuthPanel>
      }
    >
      <form noValidate method="post" onSubmit={onSubmit} className="space-y-4" aria-busy={pending}>
        {isSignUp && (
          <>
            <TextField
              label="Full Name"
              name="full_name"
              autoComplete="name"
            />
            <TextField
              label="Company Name"
              name="company_name"
              autoComplete="organization"
            />
          </>
        )}
        <TextField
          label={isSignUp ? 'Work Email' : 'Email'}
          type="email"
          name="email"
          autoComplete="email"
        />
        <TextField
          label="Password"
          type="password"
          name="password"
          autoComplete={isSignUp ? 'new-password' : 'current-password'}
          hint={isSignUp ? NEW_PASSWORD_HINT : undefined}
        />
        {!isSignUp && (
          <p className="-mt-2 text-right text-sm">
            <Link to={`${paths.forgotPassword}?portal=employer`} className="inline-block rounded py-2 font-semibold text-brand-700 hover:underline">
              Forgot password?
            </Link>
          </p>
        )}
        <Button type="submit" size="lg" className="w-full" disabled={pending || !hydrated}>
          {pending && <Spinner label={isSignUp ? 'Creating your account' : 'Signing in'} className="text-white" />}
          {isSignUp ? 'Create Account' : 'Sign In'}
        </Button>
      </form>
      <p className="mt-5 text-center text-sm text-slate-600">
        {isSignUp ? 'Already have an employer account? ' : 'New to JobTap? '}
        <button
          type="button"
          className="rounded font-semibold text-brand-700 hover:underline"
          disabled={!hydrated}
          onClick={() => setMode(isSignUp ? 'signin' : 'signup')}
        >
          {isSignUp ? 'Sign in' : 'Create an employer account'}
        </button>
      </p>
      <p className="mt-3 text-center text-sm">
        <Link to={paths.auth} className="rounded font-semibold text-brand-700 hover:underline">
          Looking for a job? Sign in as a job seeker
        </Link>
      </p>
    </AuthLayout>
  )
}
