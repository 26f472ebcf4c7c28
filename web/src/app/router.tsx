import { createBrowserRouter, Navigate, type RouteObject } from 'react-router'
import { PageSpinner } from '@/components/spinner'
import { paths } from '@/config/paths'
import { RootLayout } from './routes/root-layout'
import { RouteErrorPage } from './routes/route-error'

/** A lazy route showing the plain "Coming soon" page under `title`. */
function comingSoon(title: string) {
  return async () => {
    const { ComingSoonPage } = await import('./routes/coming-soon')
    return { Component: () => <ComingSoonPage title={title} /> }
  }
}

/** Every route of the app; each page's code is loaded on first visit. */
export const routes: RouteObject[] = [
  {
    path: paths.home,
    Component: RootLayout,
    HydrateFallback: PageSpinner,
    ErrorBoundary: RouteErrorPage,
    children: [
      {
        index: true,
        lazy: async () => ({ Component: (await import('@/features/landing/components/landing-page')).LandingPage }),
      },
      {
        path: paths.hrApi,
        lazy: async () => ({ Component: (await import('@/features/hr-api/components/hr-api-page')).HrApiPage }),
      },
      // Candidate side (spec, candidate §2).
      { path: paths.auth, lazy: comingSoon('Sign In') },
      { path: paths.onboarding, lazy: comingSoon('Profile Setup') },
      { path: paths.jobs, lazy: comingSoon('Find Your Next Role') },
      { path: paths.job, lazy: comingSoon('Job Details') },
      { path: paths.applications, lazy: comingSoon('My Applications') },
      { path: paths.documents, lazy: comingSoon('My Documents') },
      { path: paths.interviewPrep, lazy: comingSoon('Interview Practice') },
      // Employer side (spec, employer §2).
      { path: paths.employerAuthLegacy, element: <Navigate to={paths.employerAuth} replace /> },
      { path: paths.employerAuth, lazy: comingSoon('Employer Portal') },
      { path: paths.employer, lazy: comingSoon('Employer Dashboard') },
      { path: paths.employerPostJob, lazy: comingSoon('Post a Job') },
      { path: paths.employerBulkImport, lazy: comingSoon('Bulk Import') },
      { path: paths.employerApplications, lazy: comingSoon('Manage Applications') },
      { path: paths.employerAnalytics, lazy: comingSoon('Analytics') },
      {
        path: '*',
        lazy: async () => ({ Component: (await import('./routes/not-found')).NotFoundPage }),
      },
    ],
  },
]

/** The browser router over `routes`. */
export function createAppRouter() {
  return createBrowserRouter(routes)
}
