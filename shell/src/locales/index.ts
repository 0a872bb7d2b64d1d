// The shell's strings (namespace `shell`) in every translation set; imported once at start-up.
import { registerTranslations } from '@platform/shared';
import bn from './bn.json';
import cn from './cn.json';
import en from './en.json';
import id from './id.json';
import th from './th.json';
import ty from './ty.json';
import vi from './vi.json';

export const SHELL_NAMESPACE = 'shell';

registerTranslations(SHELL_NAMESPACE, { BN: bn, CN: cn, EN: en, ID: id, TH: th, TY: ty, VI: vi });
