export const LAB_DIFFICULTIES = ['Easy', 'Medium', 'Hard', 'Insane'] as const;
export type LabDifficulty = (typeof LAB_DIFFICULTIES)[number];

export const LAB_CATEGORIES = [
  'Web',
  'Crypto',
  'Forensics',
  'Reverse engineering',
  'Binary exploitation',
  'OSINT',
  'Networking',
  'Misc',
] as const;
export type LabCategory = (typeof LAB_CATEGORIES)[number];

export const LAB_POINTS = { min: 1, max: 10_000 } as const;
