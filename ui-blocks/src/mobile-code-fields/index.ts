export { MobileCodeFields, type MobileCodeField, type MobileCodeFieldsProps } from './mobile-code-fields';
