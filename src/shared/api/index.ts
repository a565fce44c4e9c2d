export * from './values';
export * from './resources';
export * from './params';
