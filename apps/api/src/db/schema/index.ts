export * from './account-events';
export * from './classrooms';
export * from './flags';
export * from './labs';
export * from './members';
export * from './notifications';
export * from './targets';
export * from './users';
