import { INVALID_EMAIL } from '@hackclass/contracts';
import type { EngineErrorCode } from '@hackclass/engine';
import { apiError, commonErrors } from '@hackclass/http';

/** Bytes as the quota messages show them: whole KB below a MB, else MB with one decimal. */
const sizeOf = (bytes: number) =>
  bytes < 1_048_576
    ? `${Math.round(bytes / 1024)} KB`
    : `${Math.round((bytes / 1_048_576) * 10) / 10} MB`;

export const IMAGE_NOT_ALLOWED =
  'This image is not one teachers may use on this server: ask your administrator to add it to LAB_IMAGE_ALLOW, or use an image already installed for you';
export const LAB_IMAGE_NOT_ALLOWED =
  "This lab's target cannot start: its image is not one this server lets teachers use. Its teacher can choose another image, or ask the administrator to allow this one";

/** Names as a sentence lists them: "A", "A and B", "A, B and C". */
export const listOf = (names: string[]) =>
  names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;

/**
 * Every error the product API answers with, each with a stable `code` (listed, with its status,
 * in `@hackclass/contracts`) the web app can turn into a message, and a title fit to show.
 * Problem documents are built from these in one place (`@hackclass/http`'s problem handlers).
 * The errors every service shares (not found, validation, rate limit…) are `commonErrors`.
 */
export const apiErrors = {
  ...commonErrors,
  unauthenticated: () => apiError('unauthenticated', 'Unauthorized', 'Sign in to continue'),
  /** One answer for every refused token: why it was refused goes to the log, not the caller. */
  invalidToken: () => apiError('invalid_token', 'Unauthorized', 'Sign in again to continue'),
  /** A personal API token that is unknown, expired or revoked: a script cannot sign in again. */
  invalidApiToken: () =>
    apiError(
      'invalid_token',
      'Unauthorized',
      'This API token is unknown, expired or revoked: create another on your profile',
    ),
  emailNotVerified: () =>
    apiError('email_not_verified', 'Email not verified', 'Verify your email address first'),
  deletionNotConfirmed: (detail = 'Type your own email address to delete your account') =>
    apiError('deletion_not_confirmed', 'Deletion not confirmed', detail),
  recentSignInRequired: () =>
    apiError(
      'recent_sign_in_required',
      'Sign in again',
      'Enter your password again to delete your account',
    ),
  insufficientScope: (scope: string) =>
    apiError(
      'insufficient_scope',
      'Token lacks a scope',
      `This API token lacks the ${scope} scope: create a token with it to do this`,
    ),
  browserSessionRequired: () =>
    apiError(
      'browser_session_required',
      'Sign in to do this',
      'API tokens cannot manage API tokens or delete accounts: do it signed in, in a browser',
    ),
  apiTokenLimit: (max: number) =>
    apiError(
      'api_token_limit',
      'Too many API tokens',
      `You hold the ${max} API tokens a person may: revoke one to create another`,
    ),
  accountDisabled: () =>
    apiError('account_disabled', 'Account disabled', 'This account has been disabled'),
  forbidden: (detail = 'You may not do this') => apiError('forbidden', 'Forbidden', detail),
  antiforgery: () =>
    apiError('antiforgery_failed', 'Invalid anti-forgery token', 'Reload the page and try again'),
  unexpectedFile: (field: string) =>
    apiError('unexpected_file', 'Unexpected file', `No file is expected in ${field}`),
  malformedForm: () =>
    apiError('malformed_form', 'Malformed form', 'The multipart body is cut short or malformed'),
  tooManyFiles: (field: string, max: number) =>
    apiError('too_many_files', 'Too many files', `At most ${max} files in ${field}`),
  fileTooLarge: (field: string, maxBytes: number) =>
    apiError(
      'file_too_large',
      'File too large',
      `Each file in ${field} may have at most ${Math.floor(maxBytes / 1_048_576)} MB`,
    ),
  quotaExceeded: (what: 'labs' | 'classrooms', used: number, limit: number) =>
    apiError(
      'quota_exceeded',
      'Quota reached',
      `You have ${used} of the ${limit} ${what} an account may create; delete one to create another`,
    ),
  storageQuotaExceeded: (usedBytes: number, limitBytes: number) =>
    apiError(
      'storage_quota_exceeded',
      'Storage quota reached',
      `Your labs’ files use ${sizeOf(usedBytes)} of your ${sizeOf(limitBytes)}; ` +
        'these files would go past it. Remove files or labs to make room',
    ),
  notAnImage: () =>
    apiError('not_an_image', 'Unsupported image', 'Upload a PNG, JPEG, WebP or GIF image'),
  imageTooLarge: (maxSide: number) =>
    apiError(
      'image_dimensions_too_large',
      'Image too large',
      `An image may be at most ${maxSide}×${maxSide} pixels`,
    ),
  imageWithMarkup: () =>
    apiError(
      'image_with_markup',
      'Unsupported image',
      'This image holds web page markup: save it again from an image editor',
    ),
  unknownJoinCode: () =>
    apiError('unknown_join_code', 'Unknown classroom code', 'No classroom has this code'),
  mailLinkDead: (detail: string) =>
    apiError('mail_link_dead', 'The mail’s link no longer works', detail),
  alreadyMember: (detail: string) => apiError('already_member', 'Already a member', detail),
  alreadyCoTeacher: (detail: string) =>
    apiError('already_co_teacher', 'Already teaching this classroom', detail),
  notATeacher: (email: string) =>
    apiError(
      'not_a_teacher',
      'Not a teacher',
      `Only teachers can co-teach: ${email} has no verified teacher account. ` +
        'Ask them to sign up as a teacher, or an admin to approve them as one',
    ),
  memberTransition: (detail: string) =>
    apiError('invalid_member_transition', 'Status change not allowed', detail),
  cannotDemoteSelf: () =>
    apiError(
      'cannot_demote_self',
      'Cannot change your own role',
      'Another admin has to change your role',
    ),
  cannotDeleteSelf: () =>
    apiError(
      'cannot_delete_self',
      'Cannot delete your own account here',
      'Delete your own account from your profile',
    ),
  cannotDisableSelf: () =>
    apiError(
      'cannot_disable_self',
      'Cannot disable your own account',
      'Another admin has to disable or enable your account',
    ),
  notAwaitingApproval: () =>
    apiError(
      'not_awaiting_approval',
      'Not awaiting approval',
      'This user is not awaiting approval as a teacher',
    ),
  signUpRoleChosen: () =>
    apiError(
      'sign_up_role_chosen',
      'Role already chosen',
      'The role is chosen once, at sign-up; an admin can change it',
    ),
  labInUse: (classrooms: number) =>
    apiError(
      'lab_in_use',
      'Lab in use',
      `${classrooms} ${classrooms === 1 ? 'classroom uses' : 'classrooms use'} this lab; ` +
        'delete it with force=true to remove it from them too',
    ),
  labHasTarget: () =>
    apiError(
      'lab_has_target',
      'Lab has a target',
      'This lab has a live target already: edit the lab to change it',
    ),
  labAlreadyInClassroom: () =>
    apiError(
      'lab_already_in_classroom',
      'Lab already added',
      'This classroom already has this lab',
    ),
  /** `labs`: the names of the required labs the caller has not solved. */
  labLocked: (labs: string[]) =>
    apiError('lab_locked', 'Lab locked', `Solve ${listOf(labs)} first to open this lab`),
  requirementCycle: (detail: string) =>
    apiError('requirement_cycle', 'Requirements make a cycle', detail),
  emailInUse: () =>
    apiError('email_in_use', 'Email already in use', 'An account with this email exists'),
  weakPassword: (detail: string) => apiError('weak_password', 'Weak password', detail),
  /** `detail` names the domain and its provider, as the identity service words it. */
  schoolAccountsOnly: (detail: string) =>
    apiError('school_accounts_only', 'Sign in with your school account', detail),
  providersInFirebase: () =>
    apiError(
      'providers_in_firebase',
      'Providers live in Firebase',
      'Sign-in providers of a Firebase project are set up in its console',
    ),
  accountsInFirebase: () =>
    apiError(
      'accounts_in_firebase',
      'Accounts live in Firebase',
      'This server’s accounts live in a Firebase project: sign up in the app, or add the account in the Firebase console',
    ),
  invalidEmail: () => apiError('invalid_email', 'Invalid email', INVALID_EMAIL),
  flagRateLimited: (seconds: number) =>
    apiError(
      'flag_rate_limited',
      'Too many flags',
      `Too many flags for this lab: try again in ${seconds} ${seconds === 1 ? 'second' : 'seconds'}`,
    ),
  invitationRateLimited: (retryAfter: string) =>
    apiError(
      'invitation_rate_limited',
      'Too many invitations',
      `You have sent too many invitations: try again in ${retryAfter}`,
    ),
  /** `freesAt`: when the oldest mail of the last 24 hours stops counting. */
  /** `approved`: false for a teacher no admin has approved yet, whose allowance is lower. */
  invitationLimit: (perDay: number, sent: number, freesAt: Date, approved: boolean) =>
    apiError(
      'invitation_limit',
      'Invitation limit reached',
      `You have sent ${sent} of the ${perDay} invitation mails ` +
        `${approved ? 'a teacher' : 'a teacher not yet approved by an admin'} may send in 24 hours; ` +
        `more may go out from ${freesAt.toISOString()}`,
    ),
  /** `minutes`: the least time between two mails; `wait`: the minutes left of it. */
  invitationSentRecently: (minutes: number, wait: number) =>
    apiError(
      'invitation_sent_recently',
      'Invitation sent recently',
      `This invitation was mailed less than ${minutes} minutes ago: send it again in ${wait} ${wait === 1 ? 'minute' : 'minutes'}`,
    ),
  invitationWithdrawn: () =>
    apiError(
      'invitation_withdrawn',
      'Invitation withdrawn',
      'The teacher withdrew this invitation: ask them for a new one',
    ),
  invitationExpired: () =>
    apiError(
      'invitation_expired',
      'Invitation expired',
      'This invitation link has expired: ask the teacher to invite you again',
    ),
  joinRateLimited: (seconds: number) =>
    apiError(
      'join_rate_limited',
      'Too many unknown codes',
      `Too many unknown classroom codes: try again in ${Math.ceil(seconds / 60)} ${
        Math.ceil(seconds / 60) === 1 ? 'minute' : 'minutes'
      }`,
    ),
  tooManyStreams: (max: number) =>
    apiError(
      'too_many_streams',
      'Too many live pages',
      `At most ${max} classroom pages may follow live changes at once: close one and try again`,
    ),
  targetsOff: () =>
    apiError('targets_off', 'Live targets are off', 'Live targets are not set up on this server'),
  /** The host firewall guard is not in place: no target starts until it is (see the README). */
  isolationUnavailable: () =>
    apiError(
      'isolation_unavailable',
      'Targets cannot start',
      'Live targets cannot start on this server right now: it cannot keep them apart from its other services. Tell your teacher.',
    ),
  engineUnreachable: () =>
    apiError(
      'engine_unreachable',
      'Engine unreachable',
      'The engine that runs targets does not answer: try again in a moment',
    ),
  portRangeExhausted: () =>
    apiError(
      'port_range_exhausted',
      'No free port',
      'Every port for targets is in use: try again when a target has stopped',
    ),
  /** Which limit: the classroom's maximum, the student's own (LABS_MAX_PER_USER), the server's. */
  targetLimitReached: (which: 'classroom' | 'teacher' | 'yours' | 'server', max: number) => {
    const targets = `${max} ${max === 1 ? 'target' : 'targets'}`;
    return apiError(
      'target_limit_reached',
      'Too many running targets',
      {
        classroom: `This classroom may run ${targets} at once: try again when one has stopped`,
        teacher: `The labs of this lab's teacher may run ${targets} at once: try again when one has stopped`,
        yours: `You may run ${targets} at once: stop one of yours first`,
        server: `This server runs at most ${targets} at once: try again when one has stopped`,
      }[which],
    );
  },
  targetNotExtendable: (detail: string) =>
    apiError('target_not_extendable', 'Target not extendable', detail),
  targetNotRunning: () =>
    apiError('target_not_running', 'Target not running', 'This target is not running'),
  /** A lab's target asks for outbound traffic where the operator allows none. */
  outboundOff: () =>
    apiError(
      'outbound_not_allowed',
      'Outbound not allowed',
      "This lab's target needs to reach other networks, which this server no longer allows: tell your teacher",
    ),
  outboundNotAllowed: () => {
    const problem =
      'This server lets no target open connections to other networks: switch outbound off, or ask your administrator (LAB_ALLOW_OUTBOUND)';
    return apiError('outbound_not_allowed', 'Outbound not allowed', problem, {
      'target.outbound': [problem],
    });
  },
  /** A lab target asks for more than the operator allows (LAB_MAX_*); names the field. */
  targetLimitTooHigh: (field: string, label: string, max: number) =>
    apiError(
      'target_limit_too_high',
      'Target limit too high',
      `The ${label} may be at most ${max} on this server`,
      { [`target.${field}`]: [`The ${label} may be at most ${max} on this server`] },
    ),
  /**
   * An image this server does not let the lab's teacher use: not in LAB_IMAGE_ALLOW and not on
   * the engine, another teacher's, or on a registry named by an address. One answer whatever the
   * reason, so that no teacher learns of another's images; `field` for the lab form's.
   */
  imageNotAllowed: (field?: string) =>
    apiError(
      'image_not_allowed',
      'Image not allowed',
      IMAGE_NOT_ALLOWED,
      field === undefined ? undefined : { [field]: [IMAGE_NOT_ALLOWED] },
    ),
  /** A saved lab whose image this server no longer lets its teacher use: no target starts. */
  labImageNotAllowed: () =>
    apiError('image_not_allowed', 'Image not allowed', LAB_IMAGE_NOT_ALLOWED),
  /** An engine failure met while the caller waited (a reset, an image check). */
  engineFailure: (code: EngineErrorCode, detail: string) => apiError(code, 'Target failed', detail),
  attackBoxesOff: () =>
    apiError(
      'attack_boxes_off',
      'Attack boxes are off',
      'This server runs no attack boxes: its operator has not set one up (ATTACKBOX_IMAGE)',
    ),
  notABox: () =>
    apiError(
      'not_a_box',
      'Not an attack box',
      'This target is a lab’s, not an attack box: it has no terminal',
    ),
  notAnHttpTarget: () =>
    apiError(
      'not_an_http_target',
      'Not an HTTP target',
      'This target is a TCP service: connect to it from your machine, not in the browser',
    ),
  notATcpTarget: () =>
    apiError(
      'not_a_tcp_target',
      'Not a TCP target',
      'This target is a web page: open it in the browser, no tunnel is needed',
    ),
  /** A lab file's download link whose signature is not ours: altered, or made for another file. */
  downloadLinkInvalid: () =>
    apiError(
      'download_link_invalid',
      'Invalid download link',
      'This download link is not valid: download the file from its lab page',
    ),
  downloadLinkExpired: () =>
    apiError(
      'download_link_expired',
      'Download link expired',
      'This download link has expired: download the file again from its lab page',
    ),
  notALabArchive: () =>
    apiError(
      'not_a_lab_archive',
      'Not a lab archive',
      'Upload a HackClass archive (.tar.gz), a .zip or .tar.gz of CTFd challenges, or a challenge.yml',
    ),
  /** Something in an uploaded archive is wrong: `where` names the file (and the field in it). */
  labArchiveInvalid: (where: string, problem: string) =>
    apiError('lab_archive_invalid', 'Invalid lab archive', `${where}: ${problem}`, {
      [where]: [problem],
    }),
  labArchiveVersionUnsupported: (where: string, version: unknown) =>
    apiError(
      'lab_archive_version_unsupported',
      'Unsupported archive version',
      `${where} is of version ${JSON.stringify(version)}; this server reads version 1`,
    ),
  labArchiveTooLarge: (detail: string) =>
    apiError('lab_archive_too_large', 'Archive too large', detail),
  /** A zip entry that does not unpack to the size its directory declares, as a zip bomb's. */
  labArchiveSizeMismatch: (where: string, declared: number) => {
    const problem = `Does not unpack to the ${declared} bytes the zip declares for it`;
    return apiError(
      'lab_archive_size_mismatch',
      'Archive entry size mismatch',
      `${where}: ${problem}`,
      { [where]: [problem] },
    );
  },
  identityUnavailable: () =>
    apiError('identity_unavailable', 'Identity service unavailable', 'Try again in a moment'),
} as const;
