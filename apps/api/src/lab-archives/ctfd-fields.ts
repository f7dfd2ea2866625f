/**
 * ctfcli's challenge.yml fields HackClass has no place for, and why: reported field by field on
 * import rather than silently dropped. A Map, as an object would answer `constructor` or
 * `__proto__` with what it inherits.
 */
export const UNMAPPED_CTFD_FIELDS = new Map<string, string>([
  ['author', 'An imported lab belongs to the teacher who imports it'],
  ['attribution', 'Credit the authors in the description'],
  ['tags', 'A lab has one category and no tags'],
  ['topics', 'A lab has one category and no topics'],
  ['connection_info', 'Give connection details in the description, or define a live target'],
  ['image', 'CTFd deploys its own container image: define a live target on the lab instead'],
  ['protocol', 'CTFd deploys its own container image: define a live target on the lab instead'],
  ['host', 'CTFd deploys its own container image: define a live target on the lab instead'],
  ['healthcheck', 'Live targets have no health check script'],
  ['state', 'Labs are shown through classrooms and their schedules, not hidden one by one'],
  ['attempts', 'Flags are limited by rate, not by a number of attempts'],
  ['max_attempts', 'Flags are limited by rate, not by a number of attempts'],
  ['next', 'Unlock paths are set per classroom'],
  ['version', 'The version of the challenge.yml format is not kept'],
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
]);
