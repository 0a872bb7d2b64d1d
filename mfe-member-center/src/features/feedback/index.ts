// The member centre's feedback page: ask customer service a question (with its answer, which also
// arrives in the platform messages) and send feedback to the site.
export { FeedbackPage as default } from './feedback-page';
export { translationsLoaded } from './translations';
