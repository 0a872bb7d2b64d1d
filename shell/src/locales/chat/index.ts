// The chat window's strings in all seven translation sets, as one chunk fetched with the window
// (features/chat/window/translations.ts). One chunk rather than one per language: every chunk
// the shell has adds its entry to the runtime every page loads first, and past fifty of them
// webpack's chunk ids take a digit more everywhere; the window is opened by few visits.
export { default as BN } from './bn.json';
export { default as CN } from './cn.json';
export { default as EN } from './en.json';
export { default as ID } from './id.json';
export { default as TH } from './th.json';
export { default as TY } from './ty.json';
export { default as VI } from './vi.json';
