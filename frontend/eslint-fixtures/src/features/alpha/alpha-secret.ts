// not in alpha's index.ts: alpha's own
export const alphaSecret = 'secret';
