export {
  MoneyActionForm,
  type MoneyActionFormProps,
  type MoneyActionRefusal,
  type MoneyActionState,
  type MoneyActionValues,
  type MoneyAmount,
  type MoneyAmountLimit,
} from './money-action-form';
