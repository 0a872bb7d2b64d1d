// Feedback (PUT /wps/feedback): what visitors and members tell the site, and the operators' view
// of it (operator API /ops/v1/feedback, `ops feedback`).
export { feedbackRoutes, type FeedbackRoutesOptions } from './feedback.routes';
export { feedbackOperatorRoutes } from './feedback.operator-routes';
export { FEEDBACK_PER_ADDRESS_PER_HOUR } from './feedback.service';
