export { PromoCodeForm, type PromoCodeFormProps } from './promo-code-form';
export { quietRefusalMessage } from './quiet-refusal';
