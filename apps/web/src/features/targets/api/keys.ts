/** Query keys of targets, so that every mutation invalidates through the same ones. */
export const targetKeys = {
  all: ['targets'] as const,
  mine: (classroomId: string, labId: string) => ['targets', 'mine', classroomId, labId] as const,
  detail: (targetId: string) => ['targets', 'detail', targetId] as const,
  classroom: (classroomId: string) => ['targets', 'classroom', classroomId] as const,
  settings: (classroomId: string) => ['targets', 'settings', classroomId] as const,
  everyone: ['targets', 'everyone'] as const,
  engine: ['targets', 'engine'] as const,
  /** The signed-in user's attack box. */
  box: () => ['targets', 'box'] as const,
};
