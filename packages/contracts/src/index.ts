export * from './classrooms';
export * from './labs';
export * from './members';
export * from './notifications';
export * from './problem';
export * from './roles';
export * from './runtime-config';
export * from './users';
