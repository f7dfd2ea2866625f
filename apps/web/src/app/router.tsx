import { Center } from '@mantine/core';
import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate } from 'react-router';
import { Spinner } from '@/components/feedback/spinner';
import { paths } from '@/config/paths';
import { loadModule } from '@/lib/load-module';
import { DefaultLayout } from './layouts/default-layout';
import { RootLayout } from './layouts/root-layout';
import { RootErrorBoundary, RouteErrorBoundary } from './routes/error';
import { NotFoundRoute } from './routes/not-found';

/** A route's `lazy`: the module `load` answers (tried again if it did not arrive), rendering its export `name`. */
const component =
  <Module,>(load: () => Promise<Module>, name: keyof Module & string) =>
  async () => ({ Component: (await loadModule(load))[name] as ComponentType });

const pageLoading = (
  <Center h="100dvh">
    <Spinner label="Loading" />
  </Center>
);

export type AppRouter = ReturnType<typeof createAppRouter>;

/** Resolves once the router has loaded the modules of the page at the browser's location. */
export const whenRouterReady = (router: AppRouter) =>
  new Promise<void>((resolve) => {
    if (router.state.initialized) return resolve();
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });

/**
 * Layout routes: default (public pages), auth and dashboard. Pages load lazily, and so do the
 * layouts the landing page does not show; errors thrown by a page render inside its layout,
 * errors of a layout fall through to the root. Made, the router starts loading the modules of
 * the page at the browser's location.
 */
export const createAppRouter = () =>
  createBrowserRouter([
    {
      element: <RootLayout />,
      errorElement: <RootErrorBoundary />,
      hydrateFallbackElement: pageLoading,
      children: [
        {
          element: <DefaultLayout />,
          children: [
            {
              errorElement: <RouteErrorBoundary />,
              children: [
                {
                  index: true,
                  lazy: component(() => import('./routes/home'), 'HomeRoute'),
                },
                {
                  path: paths.community.path,
                  lazy: component(() => import('./routes/community'), 'CommunityRoute'),
                },
                {
                  path: paths.helpCenter.path,
                  lazy: component(() => import('./routes/help-center'), 'HelpCenterRoute'),
                },
                {
                  path: paths.support.path,
                  lazy: component(() => import('./routes/support'), 'SupportRoute'),
                },
                // Not lazy: the error boundary renders it too.
                { path: paths.notFound.path, Component: NotFoundRoute },
              ],
            },
          ],
        },
        {
          lazy: component(() => import('./layouts/auth-layout'), 'AuthLayout'),
          children: [
            {
              errorElement: <RouteErrorBoundary />,
              children: [
                {
                  // Guests only: a signed-in user moves on to the dashboard.
                  lazy: component(
                    () => import('@/features/auth/components/guards'),
                    'RequireGuest',
                  ),
                  children: [
                    {
                      path: paths.login.path,
                      lazy: component(() => import('./routes/auth/login'), 'LoginRoute'),
                    },
                    {
                      path: paths.signup.path,
                      lazy: component(() => import('./routes/auth/signup'), 'SignupRoute'),
                    },
                    {
                      path: paths.passwordForgot.path,
                      lazy: component(
                        () => import('./routes/auth/password-forgot'),
                        'PasswordForgotRoute',
                      ),
                    },
                    {
                      path: paths.resetPassword.path,
                      lazy: component(
                        () => import('./routes/auth/reset-password'),
                        'ResetPasswordRoute',
                      ),
                    },
                  ],
                },
                {
                  path: paths.emailVerified.path,
                  lazy: component(
                    () => import('./routes/auth/email-verified'),
                    'EmailVerifiedRoute',
                  ),
                },
                {
                  path: paths.verifyEmail.path,
                  lazy: component(() => import('./routes/auth/verify-email'), 'VerifyEmailRoute'),
                },
                {
                  path: paths.invitation.path,
                  lazy: component(() => import('./routes/invitation'), 'InvitationRoute'),
                },
                {
                  path: paths.userActions.path,
                  lazy: component(() => import('./routes/auth/user-actions'), 'UserActionsRoute'),
                },
                {
                  // Not for guests only: linking signs the person in by password first.
                  path: paths.providerReturn.path,
                  lazy: component(
                    () => import('./routes/auth/provider-return'),
                    'ProviderReturnRoute',
                  ),
                },
              ],
            },
          ],
        },
        {
          path: paths.logout.path,
          lazy: component(() => import('./routes/auth/logout'), 'LogoutRoute'),
        },
        {
          // Signed-in pages: the guard renders nothing of them until the user is known.
          lazy: component(() => import('@/features/auth/components/guards'), 'RequireUser'),
          children: [
            {
              // A terminal fills its own tab: no navigation around it.
              errorElement: <RouteErrorBoundary />,
              children: [
                {
                  path: paths.terminal.path,
                  lazy: component(() => import('./routes/app/terminal'), 'TerminalRoute'),
                },
                {
                  path: paths.watchTerminal.path,
                  lazy: component(
                    () => import('./routes/app/watch-terminal'),
                    'WatchTerminalRoute',
                  ),
                },
              ],
            },
            {
              lazy: component(() => import('./layouts/dashboard-layout'), 'DashboardLayout'),
              children: [
                {
                  errorElement: <RouteErrorBoundary />,
                  children: [
                    {
                      path: paths.dashboard.path,
                      lazy: component(() => import('./routes/app/dashboard'), 'DashboardRoute'),
                    },
                    {
                      path: paths.analytics.path,
                      lazy: component(() => import('./routes/app/analytics'), 'AnalyticsRoute'),
                    },
                    {
                      path: paths.classrooms.path,
                      lazy: component(
                        () => import('./routes/app/classrooms/index'),
                        'ClassroomsRoute',
                      ),
                    },
                    {
                      path: paths.classroom.path,
                      lazy: component(
                        () => import('./routes/app/classrooms/classroom'),
                        'ClassroomRoute',
                      ),
                      children: [
                        {
                          index: true,
                          lazy: component(
                            () => import('./routes/app/classrooms/overview'),
                            'ClassroomOverviewRoute',
                          ),
                        },
                        {
                          path: paths.classroomMembers.path,
                          lazy: component(
                            () => import('./routes/app/classrooms/members'),
                            'ClassroomMembersRoute',
                          ),
                        },
                        {
                          path: paths.classroomHackingLabs.path,
                          lazy: component(
                            () => import('./routes/app/classrooms/hacking-labs'),
                            'ClassroomHackingLabsRoute',
                          ),
                        },
                        {
                          path: paths.classroomGradebook.path,
                          lazy: component(
                            () => import('./routes/app/classrooms/gradebook'),
                            'ClassroomGradebookRoute',
                          ),
                        },
                        {
                          path: paths.classroomTargets.path,
                          lazy: component(
                            () => import('./routes/app/classrooms/targets'),
                            'ClassroomTargetsRoute',
                          ),
                        },
                        {
                          path: paths.classroomSettings.path,
                          lazy: component(
                            () => import('./routes/app/classrooms/settings'),
                            'ClassroomSettingsRoute',
                          ),
                        },
                      ],
                    },
                    // Labs: the static 'create' and 'import' are registered first (the router ranks it above
                    // ':slug' anyway, but the order says so to a reader).
                    {
                      path: paths.hackingLabs.path,
                      lazy: component(() => import('./routes/app/labs/labs'), 'LabsRoute'),
                    },
                    {
                      path: paths.hackingLabCreate.path,
                      lazy: component(
                        () => import('./routes/app/labs/create-lab'),
                        'CreateLabRoute',
                      ),
                    },
                    {
                      path: paths.hackingLabImport.path,
                      lazy: component(
                        () => import('./routes/app/labs/import-labs'),
                        'ImportLabsRoute',
                      ),
                    },
                    {
                      path: paths.hackingLab.path,
                      lazy: component(() => import('./routes/app/labs/lab'), 'LabRoute'),
                    },
                    {
                      path: paths.hackingLabEdit.path,
                      lazy: component(() => import('./routes/app/labs/edit-lab'), 'EditLabRoute'),
                    },
                    {
                      path: paths.hackingLabAddToClassroom.path,
                      lazy: component(
                        () => import('./routes/app/labs/add-to-classroom'),
                        'AddLabToClassroomRoute',
                      ),
                    },
                    {
                      path: paths.adminUsers.path,
                      lazy: component(() => import('./routes/app/admin/users'), 'AdminUsersRoute'),
                    },
                    {
                      path: paths.adminTargets.path,
                      lazy: component(
                        () => import('./routes/app/admin/targets'),
                        'AdminTargetsRoute',
                      ),
                    },
                    {
                      path: paths.adminMail.path,
                      lazy: component(() => import('./routes/app/admin/mail'), 'AdminMailRoute'),
                    },
                    {
                      path: paths.adminApiTokens.path,
                      lazy: component(
                        () => import('./routes/app/admin/api-tokens'),
                        'AdminApiTokensRoute',
                      ),
                    },
                    {
                      path: paths.adminSignInProviders.path,
                      lazy: component(
                        () => import('./routes/app/admin/sign-in-providers'),
                        'AdminSignInProvidersRoute',
                      ),
                    },
                    {
                      path: paths.profile.path,
                      lazy: component(
                        () => import('./routes/app/profile/profile-layout'),
                        'ProfileLayoutRoute',
                      ),
                      children: [
                        {
                          index: true,
                          element: <Navigate to={paths.profileAccount.getHref()} replace />,
                        },
                        {
                          path: paths.profileAccount.path,
                          lazy: component(
                            () => import('./routes/app/profile/profile'),
                            'ProfileRoute',
                          ),
                        },
                        {
                          path: paths.profileSecurity.path,
                          lazy: component(
                            () => import('./routes/app/profile/security'),
                            'SecurityRoute',
                          ),
                        },
                        {
                          path: paths.profileApiTokens.path,
                          lazy: component(
                            () => import('./routes/app/profile/api-tokens'),
                            'ApiTokensRoute',
                          ),
                        },
                        {
                          path: paths.profileNotifications.path,
                          lazy: component(
                            () => import('./routes/app/profile/notifications'),
                            'NotificationsRoute',
                          ),
                        },
                      ],
                    },
                  ],
                },
              ],
            },
          ],
        },
      ],
    },
  ]);
