// The operator API (/ops/v1) and its audit trail: the back office acting on a merchant's money.
export { operatorRoutes, OPERATOR_API_PREFIX, type OperatorRoutesOptions } from './operator.routes';
export { auditContextOf, OPERATOR_BEARER_HEADER, operatorIdempotencyKeyOf, operatorOf } from './audit-context';
export {
  audited,
  auditedChange,
  auditTrail,
  createOperator,
  enrolOperatorTotp,
  loginOperator,
  setMemberBlocked,
  OPERATOR_LOGIN_RULE,
  OPERATOR_TOKEN_LIFETIME_MS,
  type AuditContext,
  type AuditedChange,
  type AuditRow,
  type OperatorRecord,
  type OperatorTotp,
} from './operator.service';
export { isOperatorRole, OPERATOR_ROLES, OPERATOR_ROUTE_ROLES, type OperatorRole } from './operator-roles';
export { operatorMessages } from './operator.messages';
