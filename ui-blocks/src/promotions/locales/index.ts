import { registerTranslations } from '@platform/shared';
import en from './en.json';
import bn from './bn.json';
import cn from './cn.json';
import id from './id.json';
import th from './th.json';
import ty from './ty.json';
import vi from './vi.json';

/**
 * The promotion words, in every translation set, in a namespace of their own: only an app that
 * bundles the promotions block carries them (the login form's blocks do not need five times their
 * own strings in seven languages).
 */
export const PROMOTIONS_NAMESPACE = 'blocks-promotions';
registerTranslations(PROMOTIONS_NAMESPACE, { BN: bn, CN: cn, EN: en, ID: id, TH: th, TY: ty, VI: vi });
