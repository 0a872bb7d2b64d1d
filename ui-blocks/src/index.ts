// @platform/ui-blocks: composite UI the apps share as code (see README.md). Each block imports
// './locales' itself, so its strings are registered wherever it is bundled.
export { BLOCKS_NAMESPACE } from './locales';
export * from './money-action';
export * from './mobile-code-fields';
export * from './load-error';
export * from './centre';
export * from './promo-code';
export * from './promotions';
export { useTimeLeftWhileSeen } from './countdown/use-time-left';
export * from './copy-button';
export * from './image-file';
