import { Spinner } from '@platform/shared';
import layout from './agent-page.module.css';

/** A page's (or a section's) spinner while its first answer loads, centred. */
export function PageLoading() {
  return (
    <div className={layout.loading}>
      <Spinner />
    </div>
  );
}
