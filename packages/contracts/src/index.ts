import './parsing';

export * from './classrooms';
export * from './course';
export * from './errors';
export * from './events';
export * from './flag-pattern';
export * from './labs';
export * from './members';
export * from './notifications';
export * from './permissions';
export * from './problem';
export * from './quotas';
export * from './roles';
export * from './runtime-config';
export * from './submissions';
export * from './targets';
export * from './text';
export * from './users';
