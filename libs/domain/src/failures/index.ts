export * from './result';
export * from './failure';
