export * from './account';
export * from './commerce';
export * from './credential';
export * from './define';
export * from './feature';
export * from './lock';
export * from './lockRecord';
export * from './alert';
