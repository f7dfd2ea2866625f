export * from './identity-server';
export * from './sdk';
export * from './smtp';
