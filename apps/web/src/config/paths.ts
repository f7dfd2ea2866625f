/**
 * Every route of the app, with its router pattern and a builder for its href (who may open which:
 * docs/behaviour.md#routes-and-guards). Components link through `getHref`, never through string
 * literals.
 */
const seg = (value: string) => encodeURIComponent(value);

export const paths = {
  home: { path: '/', getHref: () => '/' },

  login: {
    path: '/login',
    /** `redirect` is where to go after login; the dashboard when absent. */
    getHref: (redirect?: string) =>
      redirect ? `/login?redirect=${encodeURIComponent(redirect)}` : '/login',
  },
  signup: {
    path: '/signup',
    /** `redirect` is where to go once signed up, as for login. */
    getHref: (redirect?: string) =>
      redirect ? `/signup?redirect=${encodeURIComponent(redirect)}` : '/signup',
  },
  logout: {
    path: '/logout',
    /** `next`: where to go once signed out, the login page unless given. */
    getHref: (next?: string) => (next ? `/logout?next=${encodeURIComponent(next)}` : '/logout'),
  },
  passwordForgot: { path: '/auth/password-forgot', getHref: () => '/auth/password-forgot' },
  resetPassword: {
    path: '/auth/reset-password',
    /** `search` is the mail link's query (mode, oobCode, apiKey, …), passed on as it came. */
    getHref: (search = '') => `/auth/reset-password${search}`,
  },
  emailVerified: {
    path: '/auth/email-verified',
    getHref: (search = '') => `/auth/email-verified${search}`,
  },
  verifyEmail: {
    path: '/auth/verify-email/:email',
    /** `next`: where a resent mail's link continues, e.g. an invitation; the dashboard unless given. */
    getHref: (email: string, next?: string) =>
      `/auth/verify-email/${seg(email)}${next ? `?next=${encodeURIComponent(next)}` : ''}`,
  },
  userActions: { path: '/auth/user-actions', getHref: () => '/auth/user-actions' },
  /**
   * Where a school's provider sends people back, through the identity service's handler page:
   * the outcome is in the fragment. `redirect` is where to go once signed in, as for login.
   */
  providerReturn: {
    path: '/auth/provider',
    getHref: (redirect?: string) =>
      redirect ? `/auth/provider?redirect=${encodeURIComponent(redirect)}` : '/auth/provider',
  },
  /** The link of an invitation mail: open to everyone, signed in or not. */
  invitation: {
    path: '/invitations/:token',
    getHref: (token: string) => `/invitations/${seg(token)}`,
  },

  dashboard: { path: '/dashboard', getHref: () => '/dashboard' },
  analytics: { path: '/analytics', getHref: () => '/analytics' },

  classrooms: { path: '/classrooms', getHref: () => '/classrooms' },
  classroom: {
    path: '/classrooms/:classroomId',
    getHref: (classroomId: string) => `/classrooms/${seg(classroomId)}`,
  },
  classroomMembers: {
    path: '/classrooms/:classroomId/members',
    /** `status` filters the list, e.g. to the requests waiting for approval. */
    getHref: (classroomId: string, status?: string) =>
      `/classrooms/${seg(classroomId)}/members${status ? `?status=${seg(status)}` : ''}`,
  },
  classroomSettings: {
    path: '/classrooms/:classroomId/settings',
    getHref: (classroomId: string) => `/classrooms/${seg(classroomId)}/settings`,
  },
  /** The student's attack box terminal, full page in a tab of its own. */
  terminal: { path: '/terminal', getHref: () => '/terminal' },
  /** A student's attack box terminal as their teacher watches it, read-only. */
  watchTerminal: {
    path: '/terminals/:targetId/watch',
    getHref: (targetId: string) => `/terminals/${seg(targetId)}/watch`,
  },
  classroomTargets: {
    path: '/classrooms/:classroomId/targets',
    getHref: (classroomId: string) => `/classrooms/${seg(classroomId)}/targets`,
  },
  classroomGradebook: {
    path: '/classrooms/:classroomId/gradebook',
    getHref: (classroomId: string) => `/classrooms/${seg(classroomId)}/gradebook`,
  },
  classroomHackingLabs: {
    path: '/classrooms/:classroomId/hacking-labs',
    getHref: (classroomId: string) => `/classrooms/${seg(classroomId)}/hacking-labs`,
  },

  hackingLabs: { path: '/hacking-labs', getHref: () => '/hacking-labs' },
  hackingLabCreate: { path: '/hacking-labs/create', getHref: () => '/hacking-labs/create' },
  hackingLabImport: { path: '/hacking-labs/import', getHref: () => '/hacking-labs/import' },
  /**
   * A lab by slug. 'create' never clashes: the router ranks the static segment first. Opened
   * from a classroom it carries `?classroom=<id>`, and the page adds the flag form for that
   * classroom: solving needs no route of its own.
   */
  hackingLab: {
    path: '/hacking-labs/:slug',
    getHref: (slug: string, classroomId?: string) =>
      `/hacking-labs/${seg(slug)}${classroomId ? `?classroom=${seg(classroomId)}` : ''}`,
  },
  hackingLabEdit: {
    path: '/hacking-labs/:slug/edit',
    getHref: (slug: string) => `/hacking-labs/${seg(slug)}/edit`,
  },
  hackingLabAddToClassroom: {
    path: '/hacking-labs/:slug/add-to-classroom',
    getHref: (slug: string) => `/hacking-labs/${seg(slug)}/add-to-classroom`,
  },

  profile: { path: '/profile', getHref: () => '/profile' },
  profileAccount: { path: '/profile/profile', getHref: () => '/profile/profile' },
  profileSecurity: { path: '/profile/security', getHref: () => '/profile/security' },
  profileApiTokens: { path: '/profile/api-tokens', getHref: () => '/profile/api-tokens' },
  profileNotifications: {
    path: '/profile/notifications',
    getHref: () => '/profile/notifications',
  },

  adminUsers: { path: '/admin/users', getHref: () => '/admin/users' },
  adminTargets: { path: '/admin/targets', getHref: () => '/admin/targets' },
  adminMail: { path: '/admin/mail', getHref: () => '/admin/mail' },
  adminApiTokens: { path: '/admin/api-tokens', getHref: () => '/admin/api-tokens' },
  adminSignInProviders: {
    path: '/admin/sign-in-providers',
    getHref: () => '/admin/sign-in-providers',
  },

  community: { path: '/community', getHref: () => '/community' },
  helpCenter: { path: '/help-center', getHref: () => '/help-center' },
  support: { path: '/support', getHref: () => '/support' },

  /** Catch-all: the 404 page. */
  notFound: { path: '*', getHref: () => '/404' },
} as const;

export type AppPath = keyof typeof paths;
