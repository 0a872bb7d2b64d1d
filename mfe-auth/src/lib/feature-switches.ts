/** The site's feature switches the auth screens read (SPEC §6, §3 Whitelabel flags), by module id. */
export const FEATURE_SWITCHES = {
  /** Registration by mobile number. */
  mobileRegister: 'MOBILENUMREG3',
  /** SMS verification code on registration. */
  registerSmsVerification: 'REGMOBVERF3',
  /** Password fields in mobile registration (off: the server generates them). */
  mobileRegisterPassword: 'MOBILENUMPASSREG3',
  /** Registration by username and password. */
  usernameRegister: 'USERNAMEREG3',
  /** Free-play (guest) login. */
  freePlay: 'FREEPLAY3',
  /** An expired password must be changed before playing. */
  forcePasswordChange: 'PWDEXPFORCECHANGE3',
  /** Login with an SMS code. */
  smsLogin: 'MOBILEVERCODELOGIN3',
  /** Forgotten password reset by SMS. */
  passwordResetBySms: 'CHNGPASSVERIF3',
} as const;
