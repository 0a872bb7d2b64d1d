// Support questions: a member asks customer service a question (category, text, images, a way of
// contact) from the member centre's feedback page; operators answer (the answer is delivered to
// the member's platform messages) and close them (operator API /ops/v1/support, `ops support-…`).
export { supportRoutes, type SupportRoutesOptions } from './support.routes';
export { supportOperatorRoutes } from './support.operator-routes';
export { supportMessages } from './support.messages';
export { SUPPORT_QUESTIONS_PER_HOUR } from './support.service';
