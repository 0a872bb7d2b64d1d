export { CentreOverlay, type CentreOverlayProps } from './centre-overlay';
export {
  defineCentrePages,
  lazyCentrePage,
  type CentreDefinition,
  type CentrePageComponent,
  type CentrePageDefinition,
  type CentrePageModule,
  type CentrePageProps,
  type CentrePages,
} from './define-centre-pages';
