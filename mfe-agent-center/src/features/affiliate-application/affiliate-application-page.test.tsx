import { screen, within } from '@testing-library/react';
import type { AffiliateApplication } from '@platform/contract';
import { apiFailure, recordCommands, stubApi, type CallOptionsSeen, type StubValue } from '@platform/shared/testing';
import { click, renderAgentPage, setUpAgentTests, typeInto } from '../../testing/agent-fixtures';
import AffiliateApplicationPage from './affiliate-application-page';

// The affiliate application with the network edge stubbed: the programme, the latest application
// in each of its states, the form's checks, what it sends, and the refusals shown in place.

const SENT = new Date(2025, 2, 4, 5, 6, 7).getTime();
const ANSWERED = new Date(2025, 2, 5, 9, 0, 0).getTime();
const application = (overrides: Partial<AffiliateApplication> = {}): AffiliateApplication => ({
  applicationId: 7,
  contact: 'telegram @lucky',
  message: 'I run a lottery tips channel',
  state: 'pending',
  createdTime: SENT,
  decidedTime: null,
  answer: '',
  ...overrides,
});

setUpAgentTests({ session: { isAgent: 0, account: 'player01' } });

const renderPage = () => renderAgentPage(AffiliateApplicationPage);

const submit = () => click(screen.getByTestId('affiliate-submit'));
const form = () => screen.queryByTestId('affiliate-form');
const status = () => screen.getByTestId('affiliate-status');

describe('a player without an application', () => {
  it('explains the programme and offers the form, asking for the latest application once', async () => {
    const { callsOf } = stubApi({ affiliateApplication: null });
    await renderPage();
    expect(callsOf('affiliateApplication')).toHaveLength(1);
    expect(screen.getByTestId('affiliate-application').textContent).toContain('Join our agent programme');
    expect(screen.queryByTestId('affiliate-status')).toBeNull();
    expect(within(form()!).getByRole('heading', { level: 2 }).textContent).toBe('Apply now');
    expect(screen.getByLabelText('Contact')).toBeTruthy();
    expect(screen.getByLabelText('Message (optional)')).toBeTruthy();
    expect(screen.getByText('0/500')).toBeTruthy();
  });

  it('checks the contact, then sends the trimmed form and shows the application awaiting an answer', async () => {
    const { callsOf } = stubApi({
      affiliateApplication: null,
      affiliateApply: (options: CallOptionsSeen) => application({ ...(options?.data as object), applicationId: 9 }),
    });
    const { commands, stop } = recordCommands('toast');
    await renderPage();
    await submit();
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual(['Contact not empty']);
    expect(callsOf('affiliateApply')).toHaveLength(0);

    typeInto('affiliate-contact', '  whatsapp +880 1700 000000 ');
    typeInto('affiliate-message', ' My cricket group has 3,000 members \n');
    expect(screen.getByText('37/500')).toBeTruthy();
    await submit();
    expect(callsOf('affiliateApply').map((options) => options?.data)).toEqual([{ contact: 'whatsapp +880 1700 000000', message: 'My cricket group has 3,000 members' }]);
    expect(form()).toBeNull();
    expect(status().dataset.state).toBe('pending');
    expect(screen.getByTestId('affiliate-state').textContent).toBe('Awaiting an answer');
    expect(status().textContent).toContain('whatsapp +880 1700 000000');
    expect(status().textContent).toContain('2025-03-04 05:06:07');
    expect(commands).toEqual([{ type: 'toast', level: 'success', message: 'Application sent' }]);
    stop();
  });

  it('refuses a message longer than the contract allows', async () => {
    const { callsOf } = stubApi({ affiliateApplication: null });
    await renderPage();
    typeInto('affiliate-contact', 'me@example.test');
    typeInto('affiliate-message', 'x'.repeat(501));
    await submit();
    expect(screen.getByRole('alert').textContent).toBe('At most 500 characters');
    expect(screen.getByTestId('affiliate-message').getAttribute('aria-invalid')).toBe('true');
    expect(callsOf('affiliateApply')).toHaveLength(0);
  });
});

describe('the latest application', () => {
  it('awaiting an answer: says so, with what was sent, and no form', async () => {
    stubApi({ affiliateApplication: application() });
    await renderPage();
    expect(screen.getByTestId('affiliate-state').textContent).toBe('Awaiting an answer');
    expect(screen.getByTestId('affiliate-status-text').textContent).toBe(
      'We have your application and will answer it soon. You can apply again only after it is answered.',
    );
    expect(status().textContent).toContain('telegram @lucky');
    expect(status().textContent).toContain('I run a lottery tips channel');
    expect(form()).toBeNull();
  });

  it('approved: tells the player to log in again to open the agent centre, with no form', async () => {
    stubApi({ affiliateApplication: application({ state: 'approved', decidedTime: ANSWERED, answer: 'Welcome aboard' }) });
    await renderPage();
    expect(screen.getByTestId('affiliate-state').textContent).toBe('Approved');
    expect(screen.getByTestId('affiliate-status-text').textContent).toBe('Congratulations, you are now an agent! Log in again to open the agent centre.');
    expect(screen.getByTestId('affiliate-answer').textContent).toBe('Welcome aboard');
    expect(form()).toBeNull();
  });

  it('rejected: shows the operator’s answer and the form again, starting from the contact sent', async () => {
    const { callsOf } = stubApi({
      affiliateApplication: application({ state: 'rejected', decidedTime: ANSWERED, answer: 'Please tell us more about your audience' }),
      affiliateApply: application({ applicationId: 8, message: 'Facebook page, 12k followers' }),
    });
    await renderPage();
    expect(screen.getByTestId('affiliate-state').textContent).toBe('Not approved');
    expect(screen.getByTestId('affiliate-answer').textContent).toBe('Please tell us more about your audience');
    expect(status().textContent).toContain('2025-03-05 09:00:00');
    expect(within(form()!).getByRole('heading', { level: 2 }).textContent).toBe('Apply again');
    expect((screen.getByTestId('affiliate-contact') as HTMLInputElement).value).toBe('telegram @lucky');

    typeInto('affiliate-message', 'Facebook page, 12k followers');
    await submit();
    expect(callsOf('affiliateApply').map((options) => options?.data)).toEqual([{ contact: 'telegram @lucky', message: 'Facebook page, 12k followers' }]);
    expect(screen.getByTestId('affiliate-state').textContent).toBe('Awaiting an answer');
    expect(screen.queryByTestId('affiliate-answer')).toBeNull();
    expect(form()).toBeNull();
  });

  it('that could not be loaded: says so, and asks again on Retry', async () => {
    let answer: StubValue<'affiliateApplication'> = apiFailure('system.error', 'Service unavailable', null, 500);
    const { callsOf } = stubApi({ affiliateApplication: () => answer });
    await renderPage();
    expect(screen.getByText('Your application could not be loaded')).toBeTruthy();
    expect(form()).toBeNull();
    answer = null;
    await click(screen.getByRole('button', { name: 'Retry' }));
    expect(callsOf('affiliateApplication')).toHaveLength(2);
    expect(form()).not.toBeNull();
  });
});

describe('refusals, shown in place', () => {
  it.each([
    ['agent.application.exists', 409, 'You already have an application awaiting an answer'],
    ['agent.application.invalid', 400, 'This account cannot apply: it is an agent already or not a registered account'],
    ['system.error', 500, 'server says no'],
  ])('%s', async (errorCode, httpStatus, shown) => {
    stubApi({
      affiliateApplication: null,
      affiliateApply: () => {
        throw apiFailure(errorCode, 'server says no', null, httpStatus);
      },
    });
    await renderPage();
    typeInto('affiliate-contact', 'me@example.test');
    await submit();
    expect(screen.getByTestId('affiliate-error').textContent).toBe(shown);
    // The form stays, as filled in, to send again.
    expect((screen.getByTestId('affiliate-contact') as HTMLInputElement).value).toBe('me@example.test');
    expect(screen.queryByTestId('affiliate-status')).toBeNull();
  });

  it('under the field the server names', async () => {
    stubApi({
      affiliateApplication: null,
      affiliateApply: () => {
        throw apiFailure('request.invalid', 'Contact is too long', { field: 'contact' });
      },
    });
    await renderPage();
    typeInto('affiliate-contact', 'me@example.test');
    await submit();
    expect(screen.getByTestId('affiliate-contact').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual(['Contact is too long', 'Contact is too long']);
  });
});
