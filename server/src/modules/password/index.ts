// Changing the password, and resetting a forgotten one by e-mailed link or SMS code.
export { passwordRoutes, type PasswordRoutesOptions } from './password.routes';
export { passwordMessages } from './password.messages';
