// Points and the point mall: points are a ledger unit (POINT) earned per closed day by the
// merchant's rules, spent on the catalogue's items or converted to money behind the payment
// password, each spend exactly once.
export { pointsRoutes, type PointsRoutesOptions } from './points.routes';
export { pointsOperatorRoutes } from './points.operator-routes';
export { pointsMessages } from './points.messages';
export { createPointsJob, type PointsJobOptions } from './points.job';
export {
  creditPoints,
  earnClosedDays,
  earnDay,
  POINT_HOUSE_ACCOUNT,
  POINT_KINDS,
  POINT_MALL_HOUSE_ACCOUNT,
  type CreditPointsInput,
} from './points.service';
