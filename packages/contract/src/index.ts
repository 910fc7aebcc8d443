export * from './calls';
export * from './countries';
export * from './enums';
export * from './envelope';
export * from './errors';
export * from './locales';
export * from './signature';
export * from './validation';
