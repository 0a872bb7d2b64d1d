// The back office's brand page (/ops/v1/brand): the operator routes over the site's settings,
// which the merchant and system modules own, check and write (they sit below the operator module,
// so their operator routes live here).
export { brandOperatorRoutes } from './brand.operator-routes';
