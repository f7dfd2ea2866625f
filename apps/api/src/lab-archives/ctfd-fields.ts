const DEPLOYED_BY_CTFCLI =
  'ctfcli’s own field, for deploying the challenge’s container: define a live target on the lab instead';

/**
 * ctfcli's challenge.yml fields HackClass has no place for, and why: reported field by field on
 * import rather than silently dropped. ctfcli's own fields (for its deployment and tooling, not
 * CTFd's challenge data) are named as such. A Map, as an object would answer `constructor` or
 * `__proto__` with what it inherits.
 */
export const UNMAPPED_CTFD_FIELDS = new Map<string, string>([
  ['author', 'An imported lab belongs to the teacher who imports it'],
  ['attribution', 'Credit the authors in the description'],
  ['tags', 'A lab has one category and no tags'],
  ['topics', 'A lab has one category and no topics'],
  ['connection_info', 'Give connection details in the description, or define a live target'],
  ['image', DEPLOYED_BY_CTFCLI],
  ['protocol', DEPLOYED_BY_CTFCLI],
  ['host', DEPLOYED_BY_CTFCLI],
  [
    'healthcheck',
    'ctfcli’s own field, a script that checks a deployed challenge: live targets have none',
  ],
  ['version', 'ctfcli’s own field, the version of its challenge.yml format: not kept'],
  [
    'solution',
    'ctfcli’s own field, a solution file it uploads to CTFd: keep the solution with your own notes',
  ],
  ['logic', 'Any one of a lab’s flags solves it: flags that must all be found have no counterpart'],
  ['module', 'CTFd’s modules have no counterpart: a classroom groups its labs'],
  ['scheduled_at', 'A lab opens on its classroom’s schedule: set it there'],
  ['state', 'Labs are shown through classrooms and their schedules, not hidden one by one'],
  ['attempts', 'Flags are limited by rate, not by a number of attempts'],
  ['max_attempts', 'Flags are limited by rate, not by a number of attempts'],
  ['next', 'Unlock paths are set per classroom'],
]);

/** Fields this import reads. Anything neither read nor listed above is reported as unknown. */
export const MAPPED_CTFD_FIELDS = new Set([
  'name',
  'category',
  'description',
  'value',
  'type',
  'extra',
  'flags',
  'files',
  'hints',
  'requirements',
  // Not ctfcli's, but many repositories add it.
  'difficulty',
  // CTFd 2's dynamic scoring, beside `value` rather than in `extra`.
  'decay',
  'minimum',
]);
