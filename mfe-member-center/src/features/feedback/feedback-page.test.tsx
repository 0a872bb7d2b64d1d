import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { SupportQuestion, SupportQuestions } from '@platform/contract';
import { apiFailure, logIn, recordCommands, renderWithProviders, resetTestState, settle, setStatus, stubApi, type StubAnswers } from '@platform/shared/testing';
import { FeedbackPage } from './feedback-page';

// The feedback page with the network edge stubbed: the member's support questions (state, answer
// as text, images on demand), the question form (checks before sending, the contact details the
// account has, images checked by type, size and bytes, a refusal in the page) and the feedback
// form with its captcha.

const ASKED = Date.UTC(2025, 2, 3, 9, 15, 0);
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46]);
const PNG_URL = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUg==';

const question = (questionId: number, overrides: Partial<SupportQuestion> = {}): SupportQuestion => ({
  questionId,
  category: 'deposit',
  text: `Question text ${questionId}`,
  contact: 'message',
  imageCount: 0,
  state: 'open',
  answer: null,
  askedAt: ASKED,
  answeredAt: null,
  closedAt: null,
  ...overrides,
});

const listOf = (list: SupportQuestion[], contacts: SupportQuestions['contacts'] = { email: 'pl***@example.test', phone: null }): SupportQuestions => ({
  list,
  totalPages: list.length ? 1 : 0,
  contacts,
});

beforeEach(async () => {
  await resetTestState();
  setStatus();
  logIn();
});

afterEach(() => {
  jest.restoreAllMocks();
});

async function renderPage(answers: StubAnswers) {
  const stub = stubApi(answers);
  renderWithProviders(<FeedbackPage openPage={jest.fn()} />);
  await settle();
  return stub;
}

const act$ = async (work: () => void) => {
  await act(async () => work());
  await settle();
};
const form = () => screen.getByTestId('support-form');
const typeText = (text: string) => fireEvent.change(screen.getByTestId('support-text'), { target: { value: text } });
const chooseCategory = (value: string) => fireEvent.change(screen.getByTestId('support-category'), { target: { value } });
const choose = (...files: File[]) => act$(() => fireEvent.change(screen.getByTestId('support-file'), { target: { files } }));
const submit = () => act$(() => fireEvent.submit(form()));
const thumbs = () => screen.queryAllByTestId('support-image');
const imageError = () => screen.queryByTestId('support-image-error')?.textContent ?? null;

describe('my questions', () => {
  it('lists them newest first with their state, the text and the answer as plain text, and the images on demand', async () => {
    const { callsOf } = await renderPage({
      getSupportQuestions: listOf([
        question(12, { state: 'answered', category: 'withdrawal', text: 'Where is <b>my</b> money?', answer: 'Paid <i>today</i>.\nCheck your bank.', answeredAt: ASKED + 3_600_000, imageCount: 2 }),
        question(11, { state: 'closed', closedAt: ASKED }),
        question(10),
      ]),
      getSupportQuestionImages: { images: [PNG_URL, PNG_URL] },
    });
    expect(callsOf('getSupportQuestions')[0]?.params).toEqual({ page: 1, size: 10 });
    const items = screen.getAllByTestId('support-question');
    expect(items.map((item) => [item.getAttribute('data-id'), within(item).getByTestId('support-question-state').textContent])).toEqual([
      ['12', 'Answered'],
      ['11', 'Closed'],
      ['10', 'Open'],
    ]);
    expect(items[0].textContent).toContain('Question #12 · Withdrawal');
    // Plain text: the markup is shown, never run.
    expect(within(items[0]).getByTestId('support-question-text').textContent).toBe('Where is <b>my</b> money?');
    expect(within(items[0]).getByTestId('support-answer-text').textContent).toBe('Paid <i>today</i>.\nCheck your bank.');
    expect(items[0].querySelector('b, i')).toBeNull();
    expect(within(items[1]).getByTestId('support-waiting').textContent).toBe('Closed without an answer');
    expect(within(items[2]).getByTestId('support-waiting').textContent).toBe('Waiting for an answer');

    // Images are fetched only when asked for, for that question.
    expect(callsOf('getSupportQuestionImages')).toEqual([]);
    await act$(() => fireEvent.click(within(items[0]).getByTestId('support-question-images-toggle')));
    expect(callsOf('getSupportQuestionImages')).toEqual([{ params: { questionId: 12 } }]);
    expect(within(items[0]).getByTestId('support-question-images').querySelectorAll('img')).toHaveLength(2);
    expect(within(items[0]).getByTestId('support-question-images-toggle').textContent).toBe('Hide images');
  });

  it('says when there are none', async () => {
    await renderPage({ getSupportQuestions: listOf([]) });
    expect(screen.getByText('You have not asked any questions yet')).toBeTruthy();
  });

  it('says when they could not be loaded, and loads them again on Retry', async () => {
    let fails = true;
    const { callsOf } = await renderPage({ getSupportQuestions: () => (fails ? apiFailure('system.err', 'Something went wrong', null, 500) : listOf([question(3)])) });
    expect(screen.getByText('Your questions could not be loaded')).toBeTruthy();
    fails = false;
    await act$(() => fireEvent.click(screen.getByRole('button', { name: /retry/i })));
    expect(callsOf('getSupportQuestions')).toHaveLength(2);
    expect(screen.getAllByTestId('support-question')).toHaveLength(1);
  });
});

describe('the question form', () => {
  it("offers only the ways of contact the account has details for, showing them masked", async () => {
    await renderPage({ getSupportQuestions: listOf([]) });
    const option = (value: string) => screen.getByTestId(`support-contact-${value}`) as HTMLInputElement;
    expect(option('message').checked).toBe(true);
    expect(option('email').disabled).toBe(false);
    expect(option('email').closest('label')?.textContent).toBe('E-mail: pl***@example.test');
    expect(option('phone').disabled).toBe(true);
    expect(option('phone').closest('label')?.textContent).toBe('Phone (none on your account)');
  });

  it('checks the category and the length (counted as the server counts) before sending anything', async () => {
    const { callsOf } = await renderPage({ getSupportQuestions: listOf([]) });
    const count = () => screen.getByTestId('support-count');
    expect(count().textContent).toBe('0/1000 characters');
    // No maxLength: the browser would count UTF-16 units and cut a text of emoji short.
    expect(screen.getByTestId('support-text').hasAttribute('maxlength')).toBe(false);
    typeText('  Too short  ');
    expect(count().textContent).toBe('9/1000 characters');
    await submit();
    expect(screen.getByTestId('support-category-error').textContent).toBe('Choose a category.');
    expect(screen.getByTestId('support-text-error').textContent).toBe('Write at least 10 characters.');
    chooseCategory('game');
    typeText('😀'.repeat(1000));
    expect(count().textContent).toBe('1000/1000 characters');
    expect(count().getAttribute('data-over')).toBe('false');
    typeText('a'.repeat(1001));
    expect(count().getAttribute('data-over')).toBe('true');
    await submit();
    expect(screen.getByTestId('support-text-error').textContent).toBe('Write at most 1000 characters.');
    expect(screen.queryByTestId('support-category-error')).toBeNull();
    expect(callsOf('askSupport')).toEqual([]);
  });

  it('takes png and jpg images only, each at most 5 MB, at most three, checked by their bytes', async () => {
    const { callsOf } = await renderPage({ getSupportQuestions: listOf([]) });
    expect(screen.getByTestId('support-file').getAttribute('accept')).toBe('image/png,image/jpeg,.png,.jpg,.jpeg');
    await choose(new File(['GIF89a'], 'screen.gif', { type: 'image/gif' }));
    expect(imageError()).toBe('"screen.gif" is not a PNG or JPG image.');
    await choose(new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'huge.png', { type: 'image/png' }));
    expect(imageError()).toBe('"huge.png" is larger than 5 MB.');
    // Named and typed png, the bytes of a gif (a renamed file).
    await choose(new File(['GIF89a-renamed'], 'fake.png', { type: 'image/png' }));
    await waitFor(() => expect(imageError()).toBe('"fake.png" is not a PNG or JPG image.'));
    expect(thumbs()).toHaveLength(0);

    await choose(new File([PNG], 'one.png', { type: 'image/png' }), new File([JPEG], 'two.jpg', { type: 'image/jpeg' }));
    await waitFor(() => expect(thumbs()).toHaveLength(2));
    expect(imageError()).toBeNull();
    await choose(new File([PNG], 'three.png', { type: 'image/png' }), new File([PNG], 'four.png', { type: 'image/png' }));
    await waitFor(() => expect(thumbs()).toHaveLength(3));
    expect(imageError()).toBe('You can add at most 3 images.');
    expect((screen.getByTestId('support-file') as HTMLInputElement).disabled).toBe(true);

    fireEvent.click(within(thumbs()[0]).getByRole('button', { name: 'Remove image 1 (one.png)' }));
    expect(thumbs()).toHaveLength(2);
    expect((screen.getByTestId('support-file') as HTMLInputElement).disabled).toBe(false);
    expect(callsOf('askSupport')).toEqual([]);
  });

  it('sends { category, text, contact, images }, then shows the question in the list and starts afresh', async () => {
    let listed: SupportQuestion[] = [];
    const { commands, stop } = recordCommands('toast');
    const { callsOf } = await renderPage({
      getSupportQuestions: () => listOf(listed),
      askSupport: (options) => {
        const body = options?.data as { category: SupportQuestion['category']; text: string; contact: SupportQuestion['contact']; images: string[] };
        const asked = question(21, { category: body.category, text: body.text, contact: body.contact, imageCount: body.images.length });
        listed = [asked];
        return asked;
      },
    });
    chooseCategory('deposit');
    typeText('  My deposit of 500 has not arrived 🙁  ');
    fireEvent.click(screen.getByTestId('support-contact-email'));
    await choose(new File([PNG], 'receipt.png', { type: 'image/png' }));
    await waitFor(() => expect(thumbs()).toHaveLength(1));
    await submit();

    expect(callsOf('askSupport').map((options) => options?.data)).toEqual([
      { category: 'deposit', text: 'My deposit of 500 has not arrived 🙁', contact: 'email', images: [expect.stringMatching(/^data:image\/png;base64,iVBORw0KGgo/)] },
    ]);
    expect(commands).toEqual([{ type: 'toast', level: 'success', message: 'Your question was sent. We will answer soon.' }]);
    stop();
    expect(callsOf('getSupportQuestions')).toHaveLength(2);
    expect(screen.getAllByTestId('support-question').map((item) => item.getAttribute('data-id'))).toEqual(['21']);
    // The form starts afresh.
    expect((screen.getByTestId('support-text') as HTMLTextAreaElement).value).toBe('');
    expect((screen.getByTestId('support-category') as HTMLSelectElement).value).toBe('');
    expect((screen.getByTestId('support-contact-message') as HTMLInputElement).checked).toBe(true);
    expect(thumbs()).toHaveLength(0);
  });

  it("shows the server's refusal in the page, in its words, and keeps what was written", async () => {
    const { callsOf } = await renderPage({
      getSupportQuestions: listOf([]),
      askSupport: apiFailure('TOO_MANY_REQUESTS', 'too many requests, try again after 60 minutes', { captcha: true, lockedUntil: null }, 429),
    });
    chooseCategory('account');
    typeText('How do I change my phone number?');
    await submit();
    expect(callsOf('askSupport')).toHaveLength(1);
    expect(screen.getByTestId('support-refusal').textContent).toBe('too many requests, try again after 60 minutes');
    expect((screen.getByTestId('support-text') as HTMLTextAreaElement).value).toBe('How do I change my phone number?');
    expect(screen.queryAllByTestId('support-question')).toHaveLength(0);
  });
});

describe('the feedback tab', () => {
  const CAPTCHA = 'iVBORw0KGgo=';
  const openFeedback = async (answers: StubAnswers) => {
    const stub = await renderPage({ getSupportQuestions: listOf([]), captcha: CAPTCHA, ...answers });
    await act$(() => fireEvent.click(screen.getByRole('tab', { name: 'Feedback' })));
    return stub;
  };
  const feedbackForm = () => screen.getByTestId('feedback-form');

  it('asks for the text and the captcha before sending, then sends them with the image’s id and draws a new image', async () => {
    const { commands, stop } = recordCommands('toast');
    const { callsOf } = await openFeedback({ submitFeedback: { feedbackId: 5 } });
    expect(within(feedbackForm()).getByRole('img', { name: /captcha/i }).getAttribute('src')).toBe(`data:image/png;base64,${CAPTCHA}`);
    await act$(() => fireEvent.submit(feedbackForm()));
    expect(callsOf('submitFeedback')).toEqual([]);
    expect(within(feedbackForm()).getAllByRole('alert').map((alert) => alert.textContent)).toHaveLength(2);

    fireEvent.change(screen.getByTestId('feedback-type'), { target: { value: 'bug' } });
    fireEvent.change(screen.getByTestId('feedback-content'), { target: { value: '  The lobby freezes on my phone  ' } });
    fireEvent.change(screen.getByTestId('feedback-captcha'), { target: { value: ' ab12 ' } });
    await act$(() => fireEvent.submit(feedbackForm()));
    const captchaId = (callsOf('captcha')[0]?.params as { captchaId: string }).captchaId;
    expect(callsOf('submitFeedback').map((options) => options?.data)).toEqual([{ type: 'bug', content: 'The lobby freezes on my phone', captcha: 'ab12', captchaId }]);
    expect(commands).toEqual([{ type: 'toast', level: 'success', message: 'Thank you for your feedback!' }]);
    stop();
    // A captcha answers one sending: a new image, and the form is empty again.
    expect(callsOf('captcha')).toHaveLength(2);
    expect((screen.getByTestId('feedback-content') as HTMLTextAreaElement).value).toBe('');
    expect((screen.getByTestId('feedback-captcha') as HTMLInputElement).value).toBe('');
  });

  it('shows a wrong captcha under its field, keeps the text and draws a new image', async () => {
    const { callsOf } = await openFeedback({ submitFeedback: apiFailure('captcha.err', 'Wrong captcha', { field: 'captcha', captcha: true }) });
    fireEvent.change(screen.getByTestId('feedback-content'), { target: { value: 'Please add more slots' } });
    fireEvent.change(screen.getByTestId('feedback-captcha'), { target: { value: 'zzzz' } });
    await act$(() => fireEvent.submit(feedbackForm()));
    expect(callsOf('submitFeedback')).toHaveLength(1);
    expect(within(feedbackForm()).getByRole('alert').textContent).toBe('Wrong captcha');
    expect((screen.getByTestId('feedback-content') as HTMLTextAreaElement).value).toBe('Please add more slots');
    expect((screen.getByTestId('feedback-captcha') as HTMLInputElement).value).toBe('');
    expect(callsOf('captcha')).toHaveLength(2);
  });
});
