import { registerTranslations } from '@platform/shared';
import en from './en.json';
import bn from './bn.json';
import cn from './cn.json';
import id from './id.json';
import th from './th.json';
import ty from './ty.json';
import vi from './vi.json';

/** The 'memberCenter' namespace, in every translation set. Imported by each exposed module. */
export const NAMESPACE = 'memberCenter';
registerTranslations(NAMESPACE, { BN: bn, CN: cn, EN: en, ID: id, TH: th, TY: ty, VI: vi });
