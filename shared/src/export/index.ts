export * from './file-names';
export * from './html';
export * from './model';
export * from './schema';
export * from './source';
