export * from './account';
export * from './alert';
export * from './commerce';
export * from './credential';
export * from './define';
export * from './feature';
export * from './lock';
export * from './lockRecord';
