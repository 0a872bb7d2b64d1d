// The modules this remote exposes (apps.json), checked against the interface the shell places
// them by (@platform/remote-types): a component whose props or `ready` drift from it, or an exposed
// module missing or extra, fails the type-check. Types only: nothing here is bundled.
import type { CheckedExposes } from '@platform/remote-types';
import type * as DownloadPage from './features/download/download-page';
import type * as GameCategoryPage from './features/game-category/game-category-page';
import type * as GameFramePage from './features/game-frame/game-frame-page';
import type * as HelpPage from './features/help/help-page';
import type * as HomePage from './features/home/home-page';
import type * as PointMallPage from './features/point-mall/point-mall-page';
import type * as PromotionsPage from './features/promotions/promotions-page';
import type * as SeamlessPage from './features/seamless/seamless-page';

export type Exposes = CheckedExposes<
  'mfe_lobby',
  {
    './DownloadPage': typeof DownloadPage;
    './GameCategoryPage': typeof GameCategoryPage;
    './GameFramePage': typeof GameFramePage;
    './HelpPage': typeof HelpPage;
    './HomePage': typeof HomePage;
    './PointMallPage': typeof PointMallPage;
    './PromotionsPage': typeof PromotionsPage;
    './SeamlessPage': typeof SeamlessPage;
  }
>;
