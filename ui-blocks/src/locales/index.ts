import { registerTranslations } from '@platform/shared';
import en from './en.json';
import bn from './bn.json';
import cn from './cn.json';
import id from './id.json';
import th from './th.json';
import ty from './ty.json';
import vi from './vi.json';

/**
 * The 'blocks' namespace, in every translation set. The blocks bring their own strings (each app
 * that bundles a block registers them with the page's i18n), so a remote released with a new or
 * reworded block needs no new shell.
 */
export const BLOCKS_NAMESPACE = 'blocks';
registerTranslations(BLOCKS_NAMESPACE, { BN: bn, CN: cn, EN: en, ID: id, TH: th, TY: ty, VI: vi });
