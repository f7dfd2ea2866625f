/**
 * Every code the product API answers with in a problem document, and the one HTTP status each
 * comes with. A code names one meaning: a new meaning gets a new code here, never a second
 * constructor for an old one.
 */
export const API_ERROR_STATUS = {
  // Any route: requests the server cannot take as they are
  bad_request: 400,
  validation_failed: 400,
  not_found: 404,
  payload_too_large: 413,
  uri_too_long: 414,
  unsupported_media_type: 415,
  rate_limited: 429,
  internal_error: 500,
  database_unavailable: 503,
  storage_full: 507,
  // Who is asking
  unauthenticated: 401,
  invalid_token: 401,
  forbidden: 403,
  antiforgery_failed: 403,
  email_not_verified: 403,
  account_disabled: 403,
  recent_sign_in_required: 403,
  insufficient_scope: 403,
  browser_session_required: 403,
  api_token_limit: 409,
  identity_unavailable: 503,
  // Accounts and users
  deletion_not_confirmed: 400,
  weak_password: 400,
  invalid_email: 400,
  email_in_use: 409,
  school_accounts_only: 403,
  accounts_in_firebase: 409,
  providers_in_firebase: 409,
  cannot_demote_self: 409,
  cannot_disable_self: 409,
  cannot_delete_self: 409,
  not_awaiting_approval: 409,
  sign_up_role_chosen: 409,
  // Forms and files
  unexpected_file: 400,
  malformed_form: 400,
  too_many_files: 400,
  image_dimensions_too_large: 400,
  file_too_large: 413,
  storage_quota_exceeded: 413,
  not_an_image: 415,
  image_with_markup: 415,
  quota_exceeded: 409,
  download_link_invalid: 403,
  download_link_expired: 410,
  // Labs that travel
  not_a_lab_archive: 415,
  lab_archive_invalid: 400,
  lab_archive_version_unsupported: 400,
  lab_archive_too_large: 413,
  lab_archive_size_mismatch: 400,
  // Classrooms, members and labs
  unknown_join_code: 404,
  already_member: 409,
  already_co_teacher: 409,
  not_a_teacher: 409,
  invalid_member_transition: 409,
  lab_in_use: 409,
  lab_already_in_classroom: 409,
  lab_has_target: 409,
  lab_locked: 409,
  requirement_cycle: 409,
  flag_rate_limited: 429,
  invitation_rate_limited: 429,
  invitation_limit: 429,
  invitation_sent_recently: 429,
  invitation_withdrawn: 410,
  invitation_expired: 410,
  mail_link_dead: 409,
  join_rate_limited: 429,
  too_many_streams: 429,
  // Live targets
  target_limit_too_high: 400,
  image_not_allowed: 422,
  outbound_not_allowed: 400,
  not_an_http_target: 400,
  not_a_tcp_target: 400,
  not_a_box: 400,
  target_limit_reached: 409,
  target_not_extendable: 409,
  target_not_running: 409,
  targets_off: 503,
  engine_unreachable: 503,
  port_range_exhausted: 503,
  // The engine's failures met while the caller waits
  image_missing: 422,
  pull_denied: 422,
  image_too_large: 422,
  out_of_memory: 422,
  start_failed: 502,
  port_taken: 503,
  isolation_unavailable: 503,
  box_gone: 409,
  attack_boxes_off: 503,
} as const satisfies Record<string, number>;

export type ApiErrorCode = keyof typeof API_ERROR_STATUS;

export const API_ERROR_CODES = Object.keys(API_ERROR_STATUS) as ApiErrorCode[];

export const isApiErrorCode = (code: string): code is ApiErrorCode =>
  Object.hasOwn(API_ERROR_STATUS, code);
