import { Center } from '@mantine/core';
import { createBrowserRouter, Navigate } from 'react-router';
import { Spinner } from '@/components/feedback/spinner';
import { paths } from '@/config/paths';
import { DefaultLayout } from './layouts/default-layout';
import { RootLayout } from './layouts/root-layout';
import { RootErrorBoundary, RouteErrorBoundary } from './routes/error';
import { NotFoundRoute } from './routes/not-found';

const pageLoading = (
  <Center h="100dvh">
    <Spinner label="Loading" />
  </Center>
);

/**
 * Layout routes: default (public pages), auth and dashboard. Pages load lazily, and so do the
 * layouts the landing page does not show; errors thrown by a page render inside its layout,
 * errors of a layout fall through to the root.
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
                  lazy: () => import('./routes/home').then((m) => ({ Component: m.HomeRoute })),
                },
                {
                  path: paths.community.path,
                  lazy: () =>
                    import('./routes/community').then((m) => ({ Component: m.CommunityRoute })),
                },
                {
                  path: paths.helpCenter.path,
                  lazy: () =>
                    import('./routes/help-center').then((m) => ({ Component: m.HelpCenterRoute })),
                },
                {
                  path: paths.support.path,
                  lazy: () =>
                    import('./routes/support').then((m) => ({ Component: m.SupportRoute })),
                },
                // Not lazy: the error boundary renders it too.
                { path: paths.notFound.path, Component: NotFoundRoute },
              ],
            },
          ],
        },
        {
          lazy: () => import('./layouts/auth-layout').then((m) => ({ Component: m.AuthLayout })),
          children: [
            {
              errorElement: <RouteErrorBoundary />,
              children: [
                {
                  // Guests only: a signed-in user moves on to the dashboard.
                  lazy: () =>
                    import('@/features/auth/components/guards').then((m) => ({
                      Component: m.RequireGuest,
                    })),
                  children: [
                    {
                      path: paths.login.path,
                      lazy: () =>
                        import('./routes/auth/login').then((m) => ({ Component: m.LoginRoute })),
                    },
                    {
                      path: paths.signup.path,
                      lazy: () =>
                        import('./routes/auth/signup').then((m) => ({ Component: m.SignupRoute })),
                    },
                    {
                      path: paths.passwordForgot.path,
                      lazy: () =>
                        import('./routes/auth/password-forgot').then((m) => ({
                          Component: m.PasswordForgotRoute,
                        })),
                    },
                    {
                      path: paths.resetPassword.path,
                      lazy: () =>
                        import('./routes/auth/reset-password').then((m) => ({
                          Component: m.ResetPasswordRoute,
                        })),
                    },
                  ],
                },
                {
                  path: paths.emailVerified.path,
                  lazy: () =>
                    import('./routes/auth/email-verified').then((m) => ({
                      Component: m.EmailVerifiedRoute,
                    })),
                },
                {
                  path: paths.verifyEmail.path,
                  lazy: () =>
                    import('./routes/auth/verify-email').then((m) => ({
                      Component: m.VerifyEmailRoute,
                    })),
                },
                {
                  path: paths.invitation.path,
                  lazy: () =>
                    import('./routes/invitation').then((m) => ({
                      Component: m.InvitationRoute,
                    })),
                },
                {
                  path: paths.userActions.path,
                  lazy: () =>
                    import('./routes/auth/user-actions').then((m) => ({
                      Component: m.UserActionsRoute,
                    })),
                },
              ],
            },
          ],
        },
        {
          path: paths.logout.path,
          lazy: () => import('./routes/auth/logout').then((m) => ({ Component: m.LogoutRoute })),
        },
        {
          // Signed-in pages: the guard renders nothing of them until the user is known.
          lazy: () =>
            import('@/features/auth/components/guards').then((m) => ({
              Component: m.RequireUser,
            })),
          children: [
            {
              lazy: () =>
                import('./layouts/dashboard-layout').then((m) => ({
                  Component: m.DashboardLayout,
                })),
              children: [
                {
                  errorElement: <RouteErrorBoundary />,
                  children: [
                    {
                      path: paths.dashboard.path,
                      lazy: () =>
                        import('./routes/app/dashboard').then((m) => ({
                          Component: m.DashboardRoute,
                        })),
                    },
                    {
                      path: paths.analytics.path,
                      lazy: () =>
                        import('./routes/app/analytics').then((m) => ({
                          Component: m.AnalyticsRoute,
                        })),
                    },
                    {
                      path: paths.classrooms.path,
                      lazy: () =>
                        import('./routes/app/classrooms/index').then((m) => ({
                          Component: m.ClassroomsRoute,
                        })),
                    },
                    {
                      path: paths.classroom.path,
                      lazy: () =>
                        import('./routes/app/classrooms/classroom').then((m) => ({
                          Component: m.ClassroomRoute,
                        })),
                      children: [
                        {
                          index: true,
                          lazy: () =>
                            import('./routes/app/classrooms/overview').then((m) => ({
                              Component: m.ClassroomOverviewRoute,
                            })),
                        },
                        {
                          path: paths.classroomMembers.path,
                          lazy: () =>
                            import('./routes/app/classrooms/members').then((m) => ({
                              Component: m.ClassroomMembersRoute,
                            })),
                        },
                        {
                          path: paths.classroomHackingLabs.path,
                          lazy: () =>
                            import('./routes/app/classrooms/hacking-labs').then((m) => ({
                              Component: m.ClassroomHackingLabsRoute,
                            })),
                        },
                        {
                          path: paths.classroomGradebook.path,
                          lazy: () =>
                            import('./routes/app/classrooms/gradebook').then((m) => ({
                              Component: m.ClassroomGradebookRoute,
                            })),
                        },
                        {
                          path: paths.classroomTargets.path,
                          lazy: () =>
                            import('./routes/app/classrooms/targets').then((m) => ({
                              Component: m.ClassroomTargetsRoute,
                            })),
                        },
                        {
                          path: paths.classroomSettings.path,
                          lazy: () =>
                            import('./routes/app/classrooms/settings').then((m) => ({
                              Component: m.ClassroomSettingsRoute,
                            })),
                        },
                      ],
                    },
                    // Labs: the static 'create' and 'import' are registered first (the router ranks it above
                    // ':slug' anyway, but the order says so to a reader).
                    {
                      path: paths.hackingLabs.path,
                      lazy: () =>
                        import('./routes/app/labs/labs').then((m) => ({ Component: m.LabsRoute })),
                    },
                    {
                      path: paths.hackingLabCreate.path,
                      lazy: () =>
                        import('./routes/app/labs/create-lab').then((m) => ({
                          Component: m.CreateLabRoute,
                        })),
                    },
                    {
                      path: paths.hackingLabImport.path,
                      lazy: () =>
                        import('./routes/app/labs/import-labs').then((m) => ({
                          Component: m.ImportLabsRoute,
                        })),
                    },
                    {
                      path: paths.hackingLab.path,
                      lazy: () =>
                        import('./routes/app/labs/lab').then((m) => ({ Component: m.LabRoute })),
                    },
                    {
                      path: paths.hackingLabEdit.path,
                      lazy: () =>
                        import('./routes/app/labs/edit-lab').then((m) => ({
                          Component: m.EditLabRoute,
                        })),
                    },
                    {
                      path: paths.hackingLabAddToClassroom.path,
                      lazy: () =>
                        import('./routes/app/labs/add-to-classroom').then((m) => ({
                          Component: m.AddLabToClassroomRoute,
                        })),
                    },
                    {
                      path: paths.adminUsers.path,
                      lazy: () =>
                        import('./routes/app/admin/users').then((m) => ({
                          Component: m.AdminUsersRoute,
                        })),
                    },
                    {
                      path: paths.adminTargets.path,
                      lazy: () =>
                        import('./routes/app/admin/targets').then((m) => ({
                          Component: m.AdminTargetsRoute,
                        })),
                    },
                    {
                      path: paths.adminMail.path,
                      lazy: () =>
                        import('./routes/app/admin/mail').then((m) => ({
                          Component: m.AdminMailRoute,
                        })),
                    },
                    {
                      path: paths.profile.path,
                      lazy: () =>
                        import('./routes/app/profile/profile-layout').then((m) => ({
                          Component: m.ProfileLayoutRoute,
                        })),
                      children: [
                        {
                          index: true,
                          element: <Navigate to={paths.profileAccount.getHref()} replace />,
                        },
                        {
                          path: paths.profileAccount.path,
                          lazy: () =>
                            import('./routes/app/profile/profile').then((m) => ({
                              Component: m.ProfileRoute,
                            })),
                        },
                        {
                          path: paths.profileSecurity.path,
                          lazy: () =>
                            import('./routes/app/profile/security').then((m) => ({
                              Component: m.SecurityRoute,
                            })),
                        },
                        {
                          path: paths.profileNotifications.path,
                          lazy: () =>
                            import('./routes/app/profile/notifications').then((m) => ({
                              Component: m.NotificationsRoute,
                            })),
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
