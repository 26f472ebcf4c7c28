import { createBrowserRouter, matchRoutes, Navigate, type RouteObject } from 'react-router'
import { PageSpinner } from '@/components/spinner'
import { feedOrderOf, feedSearchOf, fetchFeedEarly } from '@/features/feed/api/first-page'
import { paths } from '@/config/paths'
import { preloadNextScreens } from './next-screens'
import { requireEmployer, requireSignedIn, requireSignedInForJob } from './guards'
import { RootLayout } from './routes/root-layout'
import { RouteErrorPage } from './routes/route-error'

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
      // Candidate side (spec, candidate §2); signed-out visitors go to /auth (§6).
      {
        path: paths.auth,
        lazy: async () => ({ Component: (await import('@/features/auth/components/auth-page')).AuthPage }),
      },
      // "Forgot password?" from either sign-in page, and the page its e-mail's link opens.
      {
        path: paths.forgotPassword,
        lazy: async () => ({
          Component: (await import('@/features/auth/components/forgot-password-page')).ForgotPasswordPage,
        }),
      },
      {
        path: paths.resetPassword,
        lazy: async () => ({
          Component: (await import('@/features/auth/components/reset-password-page')).ResetPasswordPage,
        }),
      },
      // The page an e-mail confirmation link opens, signed in or not.
      {
        path: paths.confirmEmail,
        lazy: async () => ({
          Component: (await import('@/features/auth/components/confirm-email-page')).ConfirmEmailPage,
        }),
      },
      // The page a team invitation's link opens, signed in or not.
      {
        path: paths.joinTeam,
        lazy: async () => ({
          Component: (await import('@/features/auth/components/join-team-page')).JoinTeamPage,
        }),
      },
      {
        path: paths.onboarding,
        loader: requireSignedIn,
        lazy: async () => ({
          Component: (await import('@/features/onboarding/components/onboarding-page')).OnboardingPage,
        }),
      },
      // Cards come formatted by the server's core; the feed's gestures load the core's wasm
      // after the first card has painted (`useCoreSync`). The loader asks for the first page as
      // the entry runs, before the page's code is evaluated or anything is drawn.
      {
        path: paths.jobs,
        loader: ({ request }) => {
          requireSignedIn()
          const params = new URL(request.url).searchParams
          fetchFeedEarly(feedOrderOf(params), feedSearchOf(params))
          return null
        },
        // Switching the order or the search only changes the address's query: the feed's own query fetches it.
        shouldRevalidate: ({ currentUrl, nextUrl, defaultShouldRevalidate }) =>
          currentUrl.search === nextUrl.search && defaultShouldRevalidate,
        lazy: async () => ({ Component: (await import('@/features/feed/components/feed-page')).FeedPage }),
      },
      {
        path: paths.job,
        loader: requireSignedInForJob,
        lazy: async () => ({ Component: (await import('@/features/feed/components/job-view-page')).JobViewPage }),
      },
      {
        path: paths.applications,
        loader: requireSignedIn,
        lazy: async () => ({
          Component: (await import('@/features/applications/components/applications-page')).ApplicationsPage,
        }),
      },
      {
        path: paths.documents,
        loader: requireSignedIn,
        lazy: async () => ({
          Component: (await import('@/features/documents/components/documents-page')).DocumentsPage,
        }),
      },
      {
        path: paths.interviewPrep,
        loader: requireSignedIn,
        lazy: async () => ({
          Component: (await import('@/features/interview/components/interview-page')).InterviewPage,
        }),
      },
      // Employer side (spec, employer §2); the dashboard, applications and analytics are guarded (§6).
      { path: paths.employerAuthLegacy, element: <Navigate to={paths.employerAuth} replace /> },
      {
        path: paths.employerAuth,
        lazy: async () => ({
          Component: (await import('@/features/auth/components/employer-auth-page')).EmployerAuthPage,
        }),
      },
      {
        path: paths.employer,
        loader: requireEmployer,
        lazy: async () => ({
          Component: (await import('./routes/employer-dashboard-page')).EmployerDashboardPage,
        }),
      },
      // Open to signed-out visitors (spec §6); the page asks them to sign in before posting.
      {
        path: paths.employerPostJob,
        lazy: async () => ({
          Component: (await import('@/features/employer-jobs/components/post-job-page')).PostJobPage,
        }),
      },
      // Open like post-job (spec §6: no redirect); the page asks visitors to sign in.
      {
        path: paths.employerBulkImport,
        lazy: async () => ({
          Component: (await import('@/features/job-import/components/bulk-import-page')).BulkImportPage,
        }),
      },
      {
        path: paths.employerApplications,
        loader: requireEmployer,
        lazy: async () => ({
          Component: (await import('@/features/employer-applications/components/applications-page')).ApplicationsPage,
        }),
      },
      {
        path: paths.employerAnalytics,
        loader: requireEmployer,
        lazy: async () => ({
          Component: (await import('@/features/analytics/components/analytics-page')).AnalyticsPage,
        }),
      },
      {
        path: paths.notificationSettings,
        loader: requireSignedIn,
        lazy: async () => ({
          Component: (await import('./routes/settings-page')).SettingsPage,
        }),
      },
      {
        path: '*',
        lazy: async () => ({ Component: (await import('./routes/not-found')).NotFoundPage }),
      },
    ],
  },
]

/** The browser router over `routes`; each page's likely next pages load once it has settled. */
export function createAppRouter() {
  const router = createBrowserRouter(routes)
  preloadNextScreens(router, (pathname) => loadMatchedRouteModules({ pathname }))
  return router
}

/**
 * Loads the code of the routes matching `location` into `routes`, so a router created next
 * renders the page at once (a prerendered page hydrates with no loading state in between).
 */
export async function loadMatchedRouteModules(location: { pathname: string }): Promise<void> {
  const matches = matchRoutes(routes, location) ?? []
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return
      const loaded = await route.lazy()
      Object.assign(route, { ...loaded, lazy: undefined })
    }),
  )
}
