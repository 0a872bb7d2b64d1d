// Image captchas: GET /wps/captcha, and the check login and registration make of an answer.
export { captchaRoutes, type CaptchaRoutesOptions } from './captcha.routes';
export { createCaptcha, verifyCaptcha } from './captcha.service';
