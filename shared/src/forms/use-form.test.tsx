import { act, fireEvent, render, screen } from '@testing-library/react';
import { i18n, registerTranslations } from '../i18n/i18n-instance';
import { apiFailure } from '../testing/fixtures';
import { settle } from '../testing/render';
import { FormError } from './form-error';
import { TextField } from './text-field';
import { useFieldErrorText } from './use-field-error-text';
import { useForm, type UseFormOptions } from './use-form';
import { requiredError } from './validation';

// The labels are the form's own strings, in its own namespace.
const LABELS = 'use-form-test';
const english = { field_name: 'Name', field_code: 'Code' };
registerTranslations(LABELS, { BN: { field_name: 'নাম', field_code: 'কোড' }, CN: english, EN: english, ID: english, TH: english, TY: english, VI: english });

type Values = { name: string; code: string };

function NameForm(options: Partial<UseFormOptions<Values>> & Pick<UseFormOptions<Values>, 'onSubmit'>) {
  const errorText = useFieldErrorText(LABELS);
  const form = useForm<Values>({
    initialValues: { name: '', code: '' },
    validate: ({ name }) => ({ name: name.trim() ? null : requiredError('field_name') }),
    ...options,
  });
  return (
    <form onSubmit={form.submit} noValidate data-busy={form.busy}>
      <TextField name="name" label="Name" value={form.values.name} onChange={(value) => form.setValue('name', value)} error={errorText(form.errors.name)} testIdPrefix="t" />
      <TextField name="code" label="Code" value={form.values.code} onChange={(value) => form.setValue('code', value)} error={errorText(form.errors.code)} testIdPrefix="t" />
      <FormError message={form.formError} testId="form-error" />
      <button type="submit">Send</button>
      <button type="button" onClick={form.clearErrors}>
        Other mode
      </button>
    </form>
  );
}

const type = (name: string, value: string) => fireEvent.change(screen.getByTestId(`t-${name}`), { target: { value } });
const send = async () => {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
  });
  await settle();
};

beforeEach(() => i18n.changeLanguage('EN'));

describe('useForm', () => {
  it("sends nothing while a client rule fails; the error names the field in the form's words, and goes when the field changes", async () => {
    const onSubmit = jest.fn();
    render(<NameForm onSubmit={onSubmit} />);
    await send();
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByRole('alert').textContent).toBe('Name not empty');
    expect(screen.getByTestId('t-name').getAttribute('aria-invalid')).toBe('true');
    await act(() => i18n.changeLanguage('BN'));
    expect(screen.getByRole('alert').textContent).toBe('নাম খালি রাখা যাবে না');
    type('name', 'Ada');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('sends the values, busy until the send settles, and ignores a second submit meanwhile', async () => {
    let finish: () => void = () => undefined;
    const onSubmit = jest.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const { container } = render(<NameForm onSubmit={onSubmit} />);
    type('name', 'Ada');
    await send();
    await send();
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onSubmit).toHaveBeenCalledWith({ name: 'Ada', code: '' });
    expect(container.querySelector('form')?.getAttribute('data-busy')).toBe('true');
    await act(async () => finish());
    expect(container.querySelector('form')?.getAttribute('data-busy')).toBe('false');
    await send();
    expect(onSubmit).toHaveBeenCalledTimes(2);
  });

  it("shows the server's message for a failure the API client left to the form, and nothing for one it reported", async () => {
    let failure = apiFailure('TOO_MANY_REQUESTS', 'too many requests, try again after 5 minutes', null, 429);
    render(<NameForm onSubmit={() => Promise.reject(failure)} />);
    type('name', 'Ada');
    await send();
    expect(screen.getByTestId('form-error').textContent).toBe('too many requests, try again after 5 minutes');
    // An ordinary refusal is toasted by the API client: the form does not say it twice.
    failure = apiFailure('some.refusal', 'Refused');
    await send();
    expect(screen.queryByTestId('form-error')).toBeNull();
  });

  it('puts a refusal that names a listed field under that field as well, and clears every error on request', async () => {
    const failure = apiFailure('sms.code.invalid', 'The verification code is not valid', { field: 'code' });
    render(<NameForm onSubmit={() => Promise.reject(failure)} serverErrorFields={['code']} failureMessage={(error) => (error as Error).message} />);
    type('name', 'Ada');
    await send();
    expect(screen.getByTestId('t-code').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getAllByText('The verification code is not valid')).toHaveLength(2);
    fireEvent.click(screen.getByRole('button', { name: 'Other mode' }));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('leaves a named field alone when it is not listed', async () => {
    const failure = apiFailure('sms.code.invalid', 'The verification code is not valid', { field: 'code' });
    render(<NameForm onSubmit={() => Promise.reject(failure)} failureMessage={(error) => (error as Error).message} />);
    type('name', 'Ada');
    await send();
    expect(screen.getByTestId('t-code').getAttribute('aria-invalid')).toBeNull();
    expect(screen.getAllByText('The verification code is not valid')).toHaveLength(1);
  });
});
