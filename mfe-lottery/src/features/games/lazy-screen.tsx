// The lottery's screens are chunks of their own, fetched after the exposed page has painted (the
// first load carries only the page's frame): a screen waits for its chunk and its strings, and
// one whose chunk fails to load shows a retry in place of the screen rather than taking the page
// down. Parts opened by a click (the results history, the verification) are chunks too (lazyPart).
import { useT } from '@platform/shared';
import { LoadError } from '@platform/ui-blocks';
import { Component, lazy, Suspense, useState, type ComponentType, type ReactNode } from 'react';
import { NAMESPACE } from '../../locales';

class Contain extends Component<{ children: ReactNode; fallback: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

function LoadFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useT(NAMESPACE);
  return <LoadError title={t('load_failed')} onRetry={onRetry} variant="inline" testId="lottery-chunk-failed" />;
}

/**
 * A part of a screen in a chunk of its own, fetched when it is first rendered; nothing until then,
 * and a retry when the chunk fails (React keeps a failed lazy() for good: the retry makes a new one).
 */
export function lazyPart<P extends object>(load: () => Promise<{ default: ComponentType<P> }>) {
  const make = () => lazy(load);
  return function LazyPart(props: P) {
    const [attempt, setAttempt] = useState(() => ({ Part: make(), key: 0 }));
    const { Part } = attempt;
    return (
      <Contain key={attempt.key} fallback={<LoadFailed onRetry={() => setAttempt((previous) => ({ Part: make(), key: previous.key + 1 }))} />}>
        <Suspense fallback={null}>
          <Part {...props} />
        </Suspense>
      </Contain>
    );
  };
}

/** A screen: its chunk, then its namespace's strings in the language in use. */
export function lazyScreen<P extends object>(load: () => Promise<{ default: ComponentType<P>; translationsLoaded: Promise<void> }>) {
  return lazyPart<P>(async () => {
    const module = await load();
    await module.translationsLoaded;
    return { default: module.default };
  });
}
