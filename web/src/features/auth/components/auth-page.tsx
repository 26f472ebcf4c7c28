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
import { candidateHomePath } from '@/lib/job-to-view'
import { useSignIn } from '../api/sign-in'
import { useSignUp } from '../api/sign-up'
import { AuthLayout, AuthPanel, PanelPoints } from './auth-layout'

type Mode = 'signin' | 'signup'

/**
 * What the panel says JobTap does. No counts or rates: nothing measures them (there is no public
 * figure to show), so the spec's counters and claims are left out.
 */
const POINTS = [
  'Swipe through open jobs, one card at a time',
  'See how well you fit a job before you apply',
  'A cover letter drafted from your profile, yours to edit',
  'Every application and its answer in one place',
] as const

/** The job seeker's sign in and sign up (spec, candidate §2 "Auth"). */
export function AuthPage() {
  const [mode, setMode] = useState<Mode>('signin')
  const navigate = useNavigate()
  const signIn = useSignIn()
  const signUp = useSignUp()
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
    try {
      if (isSignUp) {
        await signUp.mutateAsync({ email, password, fullName })
        toast.success('Account created! Please complete your profile.')
        await navigate(paths.onboarding, { replace: true })
      } else {
        await signIn.mutateAsync({ email, password })
        toast.success('Welcome back!')
        await navigate(candidateHomePath(), { replace: true })
      }
    } catch (error) {
      if (!(error instanceof FormValidationError)) console.error(error)
      toast.error(errorMessage(error, 'An error occurred'))
    }
  }

  return (
    <AuthLayout
      title={isSignUp ? 'Get Started' : 'Welcome Back'}
      description={isSignUp ? 'Create your account and start swiping for jobs.' : 'Sign in to continue your job search.'}
      panel={
        <AuthPanel label="Why JobTap" heading="Join the job seekers double-tapping their way to work">
          <PanelPoints points={POINTS} />
        </AuthPanel>
      }
    >
      <form noValidate method="post" onSubmit={onSubmit} className="space-y-4" aria-busy={pending}>
        {isSignUp && (
          <TextField
            label="Full Name"
            name="full_name"
            autoComplete="name"
          />
        )}
        <TextField
          label="Email"
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
            <Link to={paths.forgotPassword} className="inline-block rounded py-2 font-semibold text-brand-700 hover:underline">
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
        {isSignUp ? 'Already have an account? ' : "Don't have an account? "}
        <button
          type="button"
          className="rounded font-semibold text-brand-700 hover:underline"
          disabled={!hydrated}
          onClick={() => setMode(isSignUp ? 'signin' : 'signup')}
        >
          {isSignUp ? 'Sign in' : 'Sign up'}
        </button>
      </p>
      <p className="mt-3 text-center text-sm">
        <Link to={paths.employerAuth} className="rounded font-semibold text-brand-700 hover:underline">
          Are you an employer? Post jobs
        </Link>
      </p>
    </AuthLayout>
  )
}
