// The messages with a prescribed wording (states, validation rules, the error catalogue, and a list
// of required messages), each with where the product keeps it: a translation key of a front-end set
// (namespace + key, its files in every one of the seven languages) and/or a code of the server's
// message catalogue (server/src/**/*.messages.ts, seven languages, typed). The repository check
// tools/checks/spec-messages.test.ts reads this list and fails when a place is missing in a
// language, or when its English is not the prescribed wording.
//
// Wording: the English equals the quote, except that the first letter may be capitalised (the
// quotes 'invitation code error' and 'code sent (n)' are in lower case; a message shown alone
// starts with a capital, and the server's text of invalid.affiliate.code keeps the lower case).
// Placeholders are compared after filling them with `values` (the quotes write '{field}' and
// '{0}', i18next '{{field}}', the server '{field}').
//
// Not listed: 'inconsistent twice' (a validation rule) names the confirmation-mismatch message
// rather than wording it: it is the key forms.error_inconsistent_twice, whose text the validation
// rules give as 'Incorrect confirmation input' (listed). Also not listed: the catalogue's auth errors
// given unquoted (paraphrased, in lower case): they are the server's texts of TOO_MANY_REQUESTS,
// sms.code.invalid, mobile.format.err, mobile.invalid, function.not.enabled. 'invalid reCaptcha
// input', also unquoted, is listed: the bot check's refusal, on the server and in the auth forms.

/** Where the product keeps one message. */
export interface SpecMessagePlace {
  /** Front-end translation set: its namespace (as `useT(namespace)` names it) and key (dots for groups). */
  namespace?: SpecNamespace;
  key?: string;
  /** Server message catalogue code (the `message` of an answer with this errorCode). */
  serverCode?: string;
}

export interface SpecMessage {
  /** The prescribed wording, as quoted. */
  text: string;
  /** Where it is prescribed: the states (§4), validation (§5) or errors (§8) section, or the required list. */
  sections: readonly ('§4' | '§5' | '§8' | 'issue 13')[];
  /** The same message quoted in other words elsewhere (not checked). */
  alsoQuotedAs?: readonly string[];
  /** Values for the placeholders before the English is compared with `text`. */
  values?: Readonly<Record<string, string | number>>;
  places: readonly SpecMessagePlace[];
  /** What shows it today; or why nothing does yet. */
  shownBy: string;
}

/** The front-end translation sets the list names, with their locale folders (from the repository root). */
export const SPEC_NAMESPACE_FOLDERS = {
  common: 'shared/src/i18n/locales',
  auth: 'mfe-auth/src/locales',
  shell: 'shell/src/locales',
  mcC2C: 'mfe-member-center/src/features/c2c/locales',
  mcSecurityCenter: 'mfe-member-center/src/features/security-center/locales',
  lobbyGames: 'mfe-lobby/src/features/games/locales',
} as const;

export type SpecNamespace = keyof typeof SPEC_NAMESPACE_FOLDERS;

export const SPEC_MESSAGES: readonly SpecMessage[] = [
  // States and transitions
  {
    text: 'code sent (n)',
    sections: ['§4'],
    values: { seconds: 'n' },
    places: [{ namespace: 'common', key: 'forms.sms_code_sent' }],
    shownBy: 'the get-code button of every SMS form while it counts down (SmsCodeButton)',
  },
  {
    text: 'invitation code error',
    sections: ['§4', '§8'],
    places: [{ namespace: 'auth', key: 'invitation_code_error' }, { serverCode: 'invalid.affiliate.code' }],
    shownBy: 'registration: the warning when the invitation code is refused',
  },
  {
    text: 'Password reset successfully, please log in again',
    sections: ['§4'],
    places: [{ namespace: 'auth', key: 'reset_success_login_again' }, { serverCode: 'password.reset.success' }],
    shownBy: 'forgot password by phone, after the reset',
  },
  {
    text: 'Full payment has been made',
    sections: ['§4'],
    places: [{ namespace: 'mcC2C', key: 'full_payment' }],
    shownBy: 'member centre, withdrawal confirmation of a C2C order paid in full',
  },

  // Validation rules
  {
    text: '{field} not empty',
    sections: ['§5', 'issue 13'],
    values: { field: '{field}' },
    places: [{ namespace: 'common', key: 'forms.error_required' }, { serverCode: 'reg_field_required' }],
    shownBy: 'under every required field left empty (shared forms: requiredError), and the registration answer',
  },
  {
    text: 'Please enter a valid verification code',
    sections: ['§5', 'issue 13'],
    places: [{ namespace: 'common', key: 'forms.error_code_invalid' }],
    shownBy: 'in the shared forms set for the SMS-code fields; the auth forms show the server answer sms.code.invalid today',
  },
  {
    text: 'Please enter a valid mobile number',
    sections: ['§5'],
    places: [{ namespace: 'common', key: 'forms.error_mobile_invalid' }],
    shownBy: 'under a mobile-number field that fails the mobile rule (shared forms: checkMobile)',
  },
  {
    text: 'Incorrect confirmation input',
    sections: ['§5', 'issue 13'],
    alsoQuotedAs: ['inconsistent twice'],
    places: [{ namespace: 'common', key: 'forms.error_inconsistent_twice' }],
    shownBy: 'under a confirmation field that differs from the first entry (shared forms: checkConfirmation)',
  },
  {
    text: 'Real name format is incorrect',
    sections: ['§5', 'issue 13'],
    places: [{ namespace: 'common', key: 'forms.error_real_name_format' }, { serverCode: 'real.name.format.err' }],
    shownBy: 'member centre, my account: the answer to a real name the server refuses',
  },
  {
    text: 'Phone number format is incorrect',
    sections: ['§5', 'issue 13'],
    places: [{ namespace: 'common', key: 'forms.error_phone_format' }],
    shownBy: 'in the shared forms set; the SMS forms show the server answer mobile.format.err today',
  },
  {
    text: 'Invalid invitation code',
    sections: ['§5', 'issue 13'],
    places: [{ namespace: 'common', key: 'forms.error_invitation_code' }],
    shownBy: "in the shared forms set; registration shows §4's 'invitation code error' warning today",
  },
  {
    text: 'Input cannot be empty',
    sections: ['§5', 'issue 13'],
    places: [{ namespace: 'common', key: 'forms.error_input_empty' }],
    shownBy: 'in the shared forms set, for a field without a label; labelled fields say "{field} not empty"',
  },
  {
    text: 'Items marked with * are required',
    sections: ['§5', 'issue 13'],
    places: [{ namespace: 'common', key: 'forms.required_marked' }],
    shownBy: 'in the shared forms set, for a form that marks its required fields',
  },
  {
    text: 'Please enter the username and password',
    sections: ['§5', 'issue 13'],
    places: [{ namespace: 'common', key: 'forms.error_username_password' }],
    shownBy: 'in the shared forms set; the login form marks each empty field with "{field} not empty" today',
  },
  {
    text: 'Account format is incorrect',
    sections: ['§5', 'issue 13'],
    places: [{ namespace: 'common', key: 'forms.error_account_format' }],
    shownBy: 'in the shared forms set; a field failing its registration rule shows reg_pattern_{patternId} (§5)',
  },
  {
    text: 'Password format is incorrect',
    sections: ['§5', 'issue 13'],
    places: [{ namespace: 'common', key: 'forms.error_password_format' }],
    shownBy: 'in the shared forms set; a field failing its registration rule shows reg_pattern_{patternId} (§5)',
  },
  {
    text: 'E-mail format is incorrect',
    sections: ['§5', 'issue 13'],
    places: [
      { namespace: 'common', key: 'forms.error_email_format' },
      { namespace: 'mcSecurityCenter', key: 'email_invalid' },
      { serverCode: 'email.format.err' },
    ],
    shownBy: 'member centre, my account: the e-mail field; and the server answer to a bad address',
  },
  {
    text: 'Please enter the captcha',
    sections: ['§5', 'issue 13'],
    places: [{ serverCode: 'captcha.required' }],
    shownBy: 'registration and feedback: the answer when the captcha is required and missing',
  },
  {
    text: 'Please enter correct mobile number',
    sections: ['§5', 'issue 13'],
    places: [{ namespace: 'common', key: 'forms.error_mobile_correct' }],
    shownBy: 'in the shared forms set; mobile fields show "Please enter a valid mobile number" (checkMobile) today',
  },
  {
    text: 'Please confirm you are 21 years old',
    sections: ['§5'],
    places: [{ serverCode: 'birthday.under.age' }],
    shownBy: 'member centre, my account: a birthday under 21 years',
  },
  {
    text: 'Please agree to the {0}',
    sections: ['§5'],
    values: { agreement: '{0}' },
    places: [{ namespace: 'auth', key: 'error_agreement' }],
    shownBy: 'registration without the agreement ticked',
  },
  {
    text: 'Please Register An Account First',
    sections: ['§5', '§8'],
    places: [{ namespace: 'common', key: 'in_need_true_account' }, { serverCode: 'guest.not.allowed' }],
    shownBy: 'a free-play guest trying a real-account action (client check and server answer)',
  },

  // Error catalogue
  {
    text: 'quota not sufficient, contact customer service',
    sections: ['§8', 'issue 13'],
    places: [{ namespace: 'common', key: 'quota_not_sufficient' }],
    shownBy: 'in the common set; no flow of this server runs out of a quota yet (the platform family answers it for SMS)',
  },
  {
    text: 'Non-member account unable to login',
    sections: ['§8', 'issue 13'],
    places: [{ namespace: 'common', key: 'non_member_login' }],
    shownBy: 'in the common set; this product has no account that is not a member (every login is a member or a guest)',
  },
  {
    text: 'Non-agents cannot log in',
    sections: ['§8', 'issue 13'],
    places: [{ namespace: 'common', key: 'non_agent_login' }],
    shownBy: 'in the common set; there is no separate agent login (agents log in on the site and open the agent centre)',
  },
  {
    text: 'Network link is abnormal, please try again',
    sections: ['§8'],
    places: [{ namespace: 'common', key: 'network_error' }],
    shownBy: 'the API client, when a call gets no answer',
  },
  {
    text: 'The page took longer time to load, please check your network connectivity',
    sections: ['§8'],
    places: [{ namespace: 'common', key: 'timeout_error' }],
    shownBy: 'the API client, when a call times out',
  },
  {
    text: 'Username/Email does not exist',
    sections: ['§8'],
    places: [{ serverCode: 'username.email.not.exist' }],
    shownBy: 'forgot password by e-mail',
  },
  {
    text: 'Please complete verification first',
    sections: ['§8'],
    places: [{ serverCode: 'login_verify_required' }],
    shownBy: 'login asking for the second factor',
  },
  {
    text: 'invalid reCaptcha input',
    sections: ['§8'],
    places: [{ serverCode: 'botcheck.invalid' }, { namespace: 'auth', key: 'bot_check_invalid' }],
    shownBy: 'login, registration and SMS sends refusing a wrong, expired or used bot check; the auth forms when this browser could not solve one',
  },
  {
    text: 'Game Under Maintenance',
    sections: ['§8'],
    alsoQuotedAs: ['Game maintenance'],
    places: [{ namespace: 'lobbyGames', key: 'maintenance_title' }],
    shownBy: 'the lobby: launching a game whose provider is under maintenance',
  },
  {
    text: 'Invalid URL, please contact customer service',
    sections: ['§8'],
    places: [{ namespace: 'common', key: 'invalid_url' }],
    shownBy: 'a link or launch address that is not a web address',
  },
  {
    text: "Can't accept upload more than 3 images",
    sections: ['§8'],
    values: { max: 3 },
    places: [{ namespace: 'mcC2C', key: 'error_too_many_images' }],
    shownBy: 'member centre, withdrawal confirmation: a fourth proof image',
  },
  {
    text: 'The image maximum size is 5MB',
    sections: ['§8'],
    places: [{ namespace: 'mcC2C', key: 'image_problem_size' }],
    shownBy: 'member centre, C2C payment proof and withdrawal confirmation: an image over 5 MB',
  },
  {
    text: 'Only acceptable png or jpg',
    sections: ['§8'],
    places: [{ namespace: 'mcC2C', key: 'image_problem_type' }],
    shownBy: 'member centre, C2C payment proof and withdrawal confirmation: a file that is not png or jpg',
  },
  {
    text: 'Due to restriction of your location or IP address, you are not allowed to access the site.',
    sections: ['§8'],
    places: [{ namespace: 'shell', key: 'ip_restriction_text' }, { serverCode: 'region_restricted' }],
    shownBy: 'the IP-restriction page (root view 2), and the server answer while restricted',
  },
];
