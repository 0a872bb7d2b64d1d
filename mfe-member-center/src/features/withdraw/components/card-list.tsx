import { Button, Modal, useCall, useT } from '@platform/shared';
import { FormError, PaymentPasswordField, requiredError, TextField, useFieldErrorText, useForm, type FieldErrors } from '@platform/shared/forms';
import { useId, useState } from 'react';
import { addCard, deleteCard, loadBanks, type WithdrawAccountInfo, type WithdrawCard, type WithdrawType } from '../api';
import { NAMESPACE } from '../translations';
import styles from '../withdraw.module.css';
import { useSixDigits } from './set-payment-password-form';

interface CardListProps {
  account: WithdrawAccountInfo;
  cards: WithdrawCard[];
  selected: WithdrawCard | null;
  onSelect: (bankCardId: number) => void;
  /** A card was added or deleted: the page loads the cards again. */
  onChanged: () => void;
}

/** The bound cards and wallets, one of them chosen for the withdrawal; add one, delete one. */
export function CardList({ account, cards, selected, onSelect, onChanged }: CardListProps) {
  const { t } = useT(NAMESPACE);
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<WithdrawCard | null>(null);
  const full = cards.length >= account.maxCards;
  return (
    <section className={styles.panel} aria-labelledby="withdraw-cards-title">
      <div className={styles.panelHeader}>
        <h3 id="withdraw-cards-title" className={styles.heading}>
          {t('cards_title')}
        </h3>
        <Button variant="secondary" size="sm" disabled={full} onClick={() => setAdding(true)} data-testid="withdraw-add-card">
          {t('add_card')}
        </Button>
      </div>
      {full && <p className={styles.note}>{t('cards_full', { max: account.maxCards })}</p>}
      {cards.length === 0 ? (
        <p className={styles.note} data-testid="withdraw-cards-empty">
          {t('cards_empty')}
        </p>
      ) : (
        <ul className={styles.cards} role="radiogroup" aria-label={t('cards_title')}>
          {cards.map((card) => {
            const chosen = selected?.bankCardId === card.bankCardId;
            return (
              <li key={card.bankCardId} className={chosen ? `${styles.card} ${styles.cardChosen}` : styles.card} data-testid={`withdraw-card-${card.bankCardId}`}>
                <label className={styles.cardChoice}>
                  <input type="radio" name="withdraw-card" checked={chosen} onChange={() => onSelect(card.bankCardId)} className={styles.radio} />
                  <span className={styles.cardText}>
                    <span className={styles.cardBank}>
                      {card.bankName} <span className={styles.badge}>{t(`type_${card.cardType}`)}</span>
                    </span>
                    <span className={styles.cardNumber}>{card.walletAddress ?? card.cardNumber}</span>
                    <span className={styles.muted}>{card.payeeName}</span>
                  </span>
                </label>
                <Button variant="ghost" size="sm" onClick={() => setDeleting(card)} aria-label={t('delete_card_of', { bank: card.bankName })} data-testid={`withdraw-card-${card.bankCardId}-delete`}>
                  {t('delete')}
                </Button>
              </li>
            );
          })}
        </ul>
      )}
      <Modal open={adding} onClose={() => setAdding(false)} title={t('add_card_title')} testId="withdraw-add-card-modal">
        {adding && (
          <AddCardForm
            payeeName={account.payeeName}
            onCancel={() => setAdding(false)}
            onDone={(card) => {
              setAdding(false);
              onSelect(card.bankCardId);
              onChanged();
            }}
          />
        )}
      </Modal>
      <Modal open={deleting !== null} onClose={() => setDeleting(null)} title={t('delete_card_title')} size="sm" testId="withdraw-delete-card-modal">
        {deleting && (
          <DeleteCardForm
            card={deleting}
            onCancel={() => setDeleting(null)}
            onDone={() => {
              setDeleting(null);
              onChanged();
            }}
          />
        )}
      </Modal>
    </section>
  );
}

interface AddValues {
  cardType: WithdrawType;
  bankCode: string;
  payeeName: string;
  cardNumber: string;
  paymentPassword: string;
}

/** Binds a card (BC), an e-wallet (EW) or a virtual wallet (VM) with the payment password. */
function AddCardForm({ payeeName, onCancel, onDone }: { payeeName: string | null; onCancel: () => void; onDone: (card: WithdrawCard) => void }) {
  const { t } = useT(NAMESPACE);
  const errorText = useFieldErrorText(NAMESPACE);
  const sixDigits = useSixDigits();
  const typeId = useId();
  const bankId = useId();
  const banks = useCall(loadBanks, [], { requiresSession: true });
  const list = banks.status === 'success' ? banks.data : [];
  const types = (['BC', 'EW', 'VM'] as const).filter((type) => list.some((bank) => bank.cardType === type));
  const form = useForm<AddValues>({
    initialValues: { cardType: 'BC', bankCode: '', payeeName: payeeName ?? '', cardNumber: '', paymentPassword: '' },
    validate: (values) => {
      const errors: FieldErrors<AddValues> = {
        bankCode: values.bankCode ? null : requiredError('field_bank'),
        payeeName: values.payeeName.trim() ? null : requiredError('field_payee_name'),
        paymentPassword: sixDigits(values.paymentPassword, 'field_payment_password'),
      };
      const number = values.cardNumber.replace(/[\s-]/g, '');
      if (values.cardType === 'VM') errors.cardNumber = values.cardNumber.trim() ? null : requiredError('field_wallet_address');
      else errors.cardNumber = number === '' ? requiredError('field_card_number') : /^[0-9]{8,24}$/.test(number) ? null : { text: t('card_number_format') };
      return errors;
    },
    onSubmit: async (values) => {
      onDone(await addCard({ ...values, payeeName: values.payeeName.trim(), cardNumber: values.cardNumber.trim() }));
    },
    serverErrorFields: ['paymentPassword'],
  });
  const { values, errors, setValue } = form;
  const banksOfType = list.filter((bank) => bank.cardType === values.cardType);
  const virtual = values.cardType === 'VM';

  return (
    <form className={styles.form} onSubmit={form.submit} noValidate aria-label={t('add_card_title')} data-testid="withdraw-add-card-form">
      <div className={styles.selectField}>
        <label htmlFor={typeId} className={styles.selectLabel}>
          {t('field_card_type')}
        </label>
        <select
          id={typeId}
          className={styles.select}
          value={values.cardType}
          onChange={(event) => {
            setValue('cardType', event.target.value as WithdrawType);
            setValue('bankCode', '');
          }}
          data-testid="withdraw-card-type"
        >
          {(types.length ? types : (['BC'] as const)).map((type) => (
            <option key={type} value={type}>
              {t(`type_${type}`)}
            </option>
          ))}
        </select>
      </div>
      <div className={styles.selectField}>
        <label htmlFor={bankId} className={styles.selectLabel}>
          {t(virtual ? 'field_protocol' : values.cardType === 'EW' ? 'field_wallet_type' : 'field_bank')}
        </label>
        <select
          id={bankId}
          className={styles.select}
          value={values.bankCode}
          onChange={(event) => setValue('bankCode', event.target.value)}
          aria-invalid={errors.bankCode ? true : undefined}
          data-testid="withdraw-card-bank"
        >
          <option value="">{t('choose')}</option>
          {banksOfType.map((bank) => (
            <option key={bank.bankCode} value={bank.bankCode}>
              {bank.bankName}
            </option>
          ))}
        </select>
        {errors.bankCode && (
          <p className={styles.fieldError} role="alert">
            {errorText(errors.bankCode)}
          </p>
        )}
      </div>
      <TextField
        name="payeeName"
        label={t('field_payee_name')}
        value={values.payeeName}
        onChange={(value) => setValue('payeeName', value)}
        readOnly={payeeName !== null}
        required
        maxLength={64}
        hint={payeeName === null ? t('payee_name_hint') : undefined}
        error={errorText(errors.payeeName)}
        testIdPrefix="withdraw-card"
      />
      <TextField
        name="cardNumber"
        label={t(virtual ? 'field_wallet_address' : values.cardType === 'EW' ? 'field_wallet_number' : 'field_card_number')}
        value={values.cardNumber}
        onChange={(value) => setValue('cardNumber', value)}
        inputMode={virtual ? 'text' : 'numeric'}
        required
        maxLength={virtual ? 64 : 30}
        autoComplete="off"
        error={errorText(errors.cardNumber)}
        testIdPrefix="withdraw-card"
      />
      <PaymentPasswordField
        name="paymentPassword"
        label={t('field_payment_password')}
        value={values.paymentPassword}
        onChange={(value) => setValue('paymentPassword', value)}
        error={errorText(errors.paymentPassword)}
        testIdPrefix="withdraw-card"
      />
      <FormError message={form.formError} testId="withdraw-add-card-error" />
      <div className={styles.buttons}>
        <Button variant="secondary" onClick={onCancel}>
          {t('cancel')}
        </Button>
        <Button type="submit" loading={form.busy} data-testid="withdraw-add-card-submit">
          {t('add_card')}
        </Button>
      </div>
    </form>
  );
}

/** Deletes a bound card with the payment password. */
function DeleteCardForm({ card, onCancel, onDone }: { card: WithdrawCard; onCancel: () => void; onDone: () => void }) {
  const { t } = useT(NAMESPACE);
  const errorText = useFieldErrorText(NAMESPACE);
  const sixDigits = useSixDigits();
  const form = useForm<{ password: string }>({
    initialValues: { password: '' },
    validate: (values) => ({ password: sixDigits(values.password, 'field_payment_password') }),
    onSubmit: async (values) => {
      await deleteCard(card.bankCardId, values.password);
      onDone();
    },
    serverErrorFields: ['password'],
  });
  return (
    <form className={styles.form} onSubmit={form.submit} noValidate aria-label={t('delete_card_title')} data-testid="withdraw-delete-card-form">
      <p className={styles.note}>{t('delete_card_note', { bank: card.bankName, number: card.walletAddress ?? card.cardNumber })}</p>
      <PaymentPasswordField
        name="password"
        label={t('field_payment_password')}
        value={form.values.password}
        onChange={(value) => form.setValue('password', value)}
        error={errorText(form.errors.password)}
        testIdPrefix="withdraw-delete-card"
      />
      <FormError message={form.formError} testId="withdraw-delete-card-error" />
      <div className={styles.buttons}>
        <Button variant="secondary" onClick={onCancel}>
          {t('cancel')}
        </Button>
        <Button type="submit" variant="danger" loading={form.busy} data-testid="withdraw-delete-card-submit">
          {t('delete')}
        </Button>
      </div>
    </form>
  );
}
